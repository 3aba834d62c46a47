/// A response kept to be replayed byte for byte: plain data, no HTTP types.
public struct StoredResponse: Equatable, Sendable {
    /// One header line.
    public struct Header: Equatable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var status: Int
    /// The headers that matter to a replay (content type, location, ETag), in order.
    public var headers: [Header]
    public var body: [UInt8]

    public init(status: Int, headers: [Header], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// From `(name, value)` pairs.
    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.init(status: status, headers: headers.map { Header(name: $0.0, value: $0.1) }, body: body)
    }
}
