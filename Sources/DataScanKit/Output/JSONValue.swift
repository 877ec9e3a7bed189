/// A JSON value whose objects keep their keys in order: the job configuration in manifest.json is written as the
/// caller built it, not in a dictionary's random order.
///
/// Build it from literals (`["types": ["url", "phone"], "jobs": 2, "region": nil]`, where a dictionary literal
/// keeps its order) or with ``init(_:)-swift.init`` overloads and ``subscript(_:)``.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in order; a key should appear once.
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// True for everything but arrays and objects.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// An integer.
    init(_ value: Int) { self = .number(Double(value)) }
    /// A number.
    init(_ value: Double) { self = .number(value) }
    /// A string.
    init(_ value: String) { self = .string(value) }
    /// A boolean.
    init(_ value: Bool) { self = .bool(value) }
    /// An array of strings (`types`, `languages`).
    init(_ values: [String]) { self = .array(values.map(JSONValue.string)) }
    /// The value, or `null` for nil.
    init(_ value: JSONValue?) { self = value ?? .null }
    /// A string, or `null` for nil.
    init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }
    /// An integer, or `null` for nil.
    init(_ value: Int?) { self = value.map { .number(Double($0)) } ?? .null }
    /// A number, or `null` for nil.
    init(_ value: Double?) { self = value.map(JSONValue.number) ?? .null }

    /// An object's member by key: nil when absent or when this is not an object. Setting a key of an object
    /// replaces its value in place or appends it; setting nil removes it. Setting on a non-object makes it an
    /// object with that one member.
    subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
        set {
            var members: [(key: String, value: JSONValue)] = []
            if case .object(let existing) = self { members = existing }
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Keeps the literal's order.
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}
