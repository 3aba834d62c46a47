/// Header fields in the order they were received or added; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field line.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of `name`, or nil.
    public subscript(name: String) -> String? {
        for field in fields where Self.namesEqual(field.name, name) { return field.value }
        return nil
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field line, keeping any earlier one of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field line of `name` with one.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// ASCII case-insensitive comparison; field names are tokens, so ASCII is all there is.
    ///
    /// A request compares names some 80 times (every lookup walks the fields, and writing a
    /// response looks up its own): byte by byte through `utf8` iterators that was ~230
    /// instructions a comparison, a tenth of a get by id. Most pairs differ in length, which
    /// settles them unread; the rest are compared in their contiguous storage.
    public static func namesEqual(_ a: String, _ b: String) -> Bool {
        let left = a.utf8, right = b.utf8
        guard left.count == right.count else { return false }
        let inPlace = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                for index in leftBytes.indices where !bytesEqual(leftBytes[index], rightBytes[index]) { return false }
                return true
            }
        }
        if let inPlace, let equal = inPlace { return equal }
        return zip(left, right).allSatisfy(bytesEqual)
    }

    private static func bytesEqual(_ x: UInt8, _ y: UInt8) -> Bool {
        x == y || ASCII.lowercased(x) == ASCII.lowercased(y)
    }
}
