/// Turns a recorded resolution into pixels per inch, keeping only plausible values: 0, 1 or 65535 "dpi" are
/// placeholders, and a wrong resolution misleads Tesseract more than none.
enum Resolution {
    /// The plausible range for documents: from coarse fax (about 100) and photo defaults (72) to fine scans.
    static let plausible = 50.0...4800.0

    /// `value` pixels per inch, or nil.
    static func perInch(_ value: Double) -> Int? {
        plausible.contains(value) ? Int(value.rounded()) : nil
    }

    /// `value` pixels per centimetre, in pixels per inch, or nil.
    static func perCentimetre(_ value: Double) -> Int? {
        perInch(value * 2.54)
    }

    /// `value` pixels per metre (PNG pHYs, BMP), in pixels per inch, or nil.
    static func perMetre(_ value: Double) -> Int? {
        perInch(value * 0.0254)
    }
}
