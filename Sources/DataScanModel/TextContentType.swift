/// A kind of data found in recognized text, named as VisionKit names them.
/// The raw value is the short name used on the command line and in output (`phone`, `date`).
public enum TextContentType: String, CaseIterable, Hashable, Sendable, Codable {
    case url
    case emailAddress = "email"
    case telephoneNumber = "phone"
    case dateTimeDuration = "date"
    case currency = "price"
    case fullStreetAddress = "address"
    case flightNumber = "flight"
    case shipmentTrackingNumber = "tracking"

    /// Looks a type up by its short name (`phone`) or its VisionKit name (`telephoneNumber`).
    public init?(name: String) {
        let key = name.lowercased()
        guard let t = TextContentType.allCases.first(where: { $0.rawValue == key || "\($0)".lowercased() == key })
        else { return nil }
        self = t
    }
}

/// What an item is on its document, when the document says so: for prices, their role on a receipt (the total,
/// the tax...); for dates, `transaction` on the receipt's own date (the day of the sale, among the other dates a slip
/// prints).
public enum ItemLabel: String, CaseIterable, Hashable, Sendable, Codable {
    case total, subtotal, tax, tip, discount, cash, change
    case transaction
}
