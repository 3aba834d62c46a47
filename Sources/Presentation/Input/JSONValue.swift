/// A parsed JSON value, so Presenters can tell absent, null and wrong types apart.
///
/// Numbers keep the literal the client sent (`3`, `3.0`, `1e3`): a field that must be digits
/// only can then tell `3` from `3.0`, and a 20-digit integer is not rounded through `Double`.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number exactly as written, already checked against RFC 8259's grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON type's name, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
