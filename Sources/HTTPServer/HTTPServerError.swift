/// Why the server could not start.
public enum HTTPServerError: Error, CustomStringConvertible, Sendable {
    case cannotBind(String)
    case alreadyStarted

    public var description: String {
        switch self {
        case .cannotBind(let message): message
        case .alreadyStarted: "the server is already started"
        }
    }
}
