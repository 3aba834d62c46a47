/// A refusal the HTTP server decides before any scene runs (framing, limits, deadlines,
/// capacity), in the Presentation's terms: the Web layer maps the server's reasons onto these,
/// and `Messages.refusal(_:)` words them like every other problem.
///
/// It names the same things as its `ProblemCode`s on purpose, as a scene's outcome does: it is
/// the input of the server's one "scene" (Presentation cannot see `HTTPParseError`), it carries
/// what a code cannot (a malformed request's rule), and it is the closed set of refusals that
/// `Messages.refusal` must word, checked by the compiler, out of every problem code.
public enum ServerRefusal: Equatable, Sendable {
    /// The request breaks HTTP/1.1 syntax; `rule` is the server's precise diagnostic.
    case malformed(rule: String)
    case uriTooLong
    case headersTooLarge
    case bodyTooLarge
    case httpVersionNotSupported
    case unsupportedTransferCoding
    case methodNotImplemented
    case expectationFailed
    case requestTimeout
    case handlerTimeout
    case serverBusy
    case addressAtCapacity
    case shuttingDown

    /// The problem code the refusal is answered with.
    public var code: ProblemCode {
        switch self {
        case .malformed: .malformedRequest
        case .uriTooLong: .uriTooLong
        case .headersTooLarge: .headersTooLarge
        case .bodyTooLarge: .bodyTooLarge
        case .httpVersionNotSupported: .httpVersionNotSupported
        case .unsupportedTransferCoding: .unsupportedTransferCoding
        case .methodNotImplemented: .methodNotImplemented
        case .expectationFailed: .expectationFailed
        case .requestTimeout: .requestTimeout
        case .handlerTimeout: .handlerTimeout
        case .serverBusy: .serverBusy
        case .addressAtCapacity: .addressAtCapacity
        case .shuttingDown: .shuttingDown
        }
    }
}
