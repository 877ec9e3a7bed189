/// Hostile strings a file name, an OCR line or a barcode could carry into report.html.
enum HostileText {
    static let imageTag = "<img src=x onerror=alert(1)>"
    static let scriptTag = "\"><script>alert(1)</script>"
    static let javascriptURL = "javascript:alert(1)"
    /// A file name with quotes, an apostrophe and a line break.
    static let quotedName = "it's \"quoted\"\nsecond line.pdf"
}
