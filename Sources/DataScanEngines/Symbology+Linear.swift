import DataScanModel

extension Symbology {
    /// Linear (1-D) codes: one row of bars, read along scan lines. The others are 2-D (matrix or stacked) codes.
    package var isLinear: Bool {
        switch self {
        case .codabar, .code39, .code93, .code128, .ean8, .ean13, .upca, .upce, .itf, .gs1DataBar, .gs1DataBarExpanded:
            true
        case .aztec, .dataMatrix, .pdf417, .qr, .microQR:
            false
        }
    }

    /// The GTIN symbologies of retail goods: EAN-13, EAN-8, UPC-A, UPC-E (one family, a mod-10 check digit).
    package var isEANOrUPC: Bool {
        switch self {
        case .ean8, .ean13, .upca, .upce: true
        default: false
        }
    }
}
