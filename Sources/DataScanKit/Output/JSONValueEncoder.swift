import Foundation

extension JSONValue {
    /// The value an `Encodable` encodes to, with object keys in the order `encode(to:)` writes them (for a
    /// synthesized conformance: the order the properties are declared), unlike `JSONEncoder` + `JSONSerialization`.
    /// A `URL` becomes its absolute string and a `Date` an ISO 8601 string, as a reader of the manifest expects;
    /// integers are stored as `Double` (exact up to 2^53). Optionals that are nil are left out, as `JSONEncoder`
    /// does with synthesized conformances.
    init(encoding value: some Encodable) throws {
        let root = JSONValueEncoder.Node()
        try JSONValueEncoder.encode(value, into: root, codingPath: [])
        self = root.value
    }
}

/// The `Encoder` behind ``JSONValue/init(encoding:)``: builds a tree of nodes, because a container handed out
/// by an encoder must keep writing into the same place after it has been returned.
struct JSONValueEncoder: Encoder {
    /// One value in the tree being built. A class: containers hold on to it while the caller fills them.
    final class Node {
        enum Content {
            case empty
            case scalar(JSONValue)
            case array([Node])
            case object([(key: String, node: Node)])
        }

        var content = Content.empty

        var value: JSONValue {
            switch content {
            case .empty: .object([])
            case .scalar(let value): value
            case .array(let nodes): .array(nodes.map(\.value))
            case .object(let members): .object(members.map { (key: $0.key, value: $0.node.value) })
            }
        }

        /// The member node for `key`, created at the end if missing (a later encode of the same key replaces it).
        func member(_ key: String) -> Node {
            if case .object(let members) = content, let existing = members.first(where: { $0.key == key }) {
                existing.node.content = .empty
                return existing.node
            }
            let node = Node()
            if case .object(var members) = content {
                members.append((key, node))
                content = .object(members)
            } else {
                content = .object([(key, node)])
            }
            return node
        }

        func appendElement() -> Node {
            let node = Node()
            if case .array(var nodes) = content {
                nodes.append(node)
                content = .array(nodes)
            } else {
                content = .array([node])
            }
            return node
        }
    }

    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func encode(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
        switch value {
        case let url as URL: node.content = .scalar(.string(url.absoluteString))
        case let date as Date: node.content = .scalar(.string(ISO8601DateFormatter().string(from: date)))
        default: try value.encode(to: JSONValueEncoder(node: node, codingPath: codingPath))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }

    /// Stand-in key for positions in arrays, used only in coding paths.
    struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String { intValue.map(String.init) ?? "" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func set(_ value: JSONValue, _ key: Key) { node.member(key.stringValue).content = .scalar(value) }

        mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { set(.number(value), key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(Double(value)), key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONValueEncoder.encode(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            JSONValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
                .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONValueEncoder(node: node.member("super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int {
            if case .array(let nodes) = node.content { return nodes.count }
            return 0
        }

        private func append(_ value: JSONValue) { node.appendElement().content = .scalar(value) }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode(_ value: Bool) throws { append(.bool(value)) }
        mutating func encode(_ value: String) throws { append(.string(value)) }
        mutating func encode(_ value: Double) throws { append(.number(value)) }
        mutating func encode(_ value: Float) throws { append(.number(Double(value))) }
        mutating func encode(_ value: Int) throws { append(.number(Double(value))) }
        mutating func encode(_ value: Int8) throws { append(.number(Double(value))) }
        mutating func encode(_ value: Int16) throws { append(.number(Double(value))) }
        mutating func encode(_ value: Int32) throws { append(.number(Double(value))) }
        mutating func encode(_ value: Int64) throws { append(.number(Double(value))) }
        mutating func encode(_ value: UInt) throws { append(.number(Double(value))) }
        mutating func encode(_ value: UInt8) throws { append(.number(Double(value))) }
        mutating func encode(_ value: UInt16) throws { append(.number(Double(value))) }
        mutating func encode(_ value: UInt32) throws { append(.number(Double(value))) }
        mutating func encode(_ value: UInt64) throws { append(.number(Double(value))) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let path = codingPath + [IndexKey(intValue: count)]
            try JSONValueEncoder.encode(value, into: node.appendElement(), codingPath: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let path = codingPath + [IndexKey(intValue: count)]
            return JSONValueEncoder(node: node.appendElement(), codingPath: path).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let path = codingPath + [IndexKey(intValue: count)]
            return JSONValueEncoder(node: node.appendElement(), codingPath: path).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let path = codingPath + [IndexKey(intValue: count)]
            return JSONValueEncoder(node: node.appendElement(), codingPath: path)
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        private func set(_ value: JSONValue) { node.content = .scalar(value) }

        mutating func encodeNil() throws { set(.null) }
        mutating func encode(_ value: Bool) throws { set(.bool(value)) }
        mutating func encode(_ value: String) throws { set(.string(value)) }
        mutating func encode(_ value: Double) throws { set(.number(value)) }
        mutating func encode(_ value: Float) throws { set(.number(Double(value))) }
        mutating func encode(_ value: Int) throws { set(.number(Double(value))) }
        mutating func encode(_ value: Int8) throws { set(.number(Double(value))) }
        mutating func encode(_ value: Int16) throws { set(.number(Double(value))) }
        mutating func encode(_ value: Int32) throws { set(.number(Double(value))) }
        mutating func encode(_ value: Int64) throws { set(.number(Double(value))) }
        mutating func encode(_ value: UInt) throws { set(.number(Double(value))) }
        mutating func encode(_ value: UInt8) throws { set(.number(Double(value))) }
        mutating func encode(_ value: UInt16) throws { set(.number(Double(value))) }
        mutating func encode(_ value: UInt32) throws { set(.number(Double(value))) }
        mutating func encode(_ value: UInt64) throws { set(.number(Double(value))) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONValueEncoder.encode(value, into: node, codingPath: codingPath)
        }
    }
}
