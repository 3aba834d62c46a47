/// A storage library's error that knows which `GatewayError` it is (SQLite's, PostgreSQL's).
public protocol GatewayErrorConvertible: Error {
    /// The storage failure use cases see: only the kind matters to them, the text is for logs.
    var gatewayError: GatewayError { get }
}
