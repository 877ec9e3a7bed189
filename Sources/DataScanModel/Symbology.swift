/// A barcode symbology. The raw value is the name used on the command line and in output (`barcode:ean13`).
public enum Symbology: String, CaseIterable, Hashable, Sendable, Codable {
    case aztec
    case codabar
    case code39
    case code93
    case code128
    case dataMatrix = "datamatrix"
    case ean8
    case ean13
    case upca
    case upce
    case itf
    case pdf417
    case qr
    case microQR = "microqr"
    case gs1DataBar = "databar"
    case gs1DataBarExpanded = "databar-expanded"

    /// Looks a symbology up by its contract name, case-insensitively (`EAN13`, `ean13`, `dataMatrix`).
    public init?(name: String) {
        let key = name.lowercased()
        guard let s = Symbology.allCases.first(where: { $0.rawValue == key }) else { return nil }
        self = s
    }
}
