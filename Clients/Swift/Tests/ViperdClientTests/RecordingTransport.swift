import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The next step of a middleware under test: records each request and answers from a script
/// (a status, or an error standing for a lost connection); 200 once the script runs out.
final class RecordingTransport: @unchecked Sendable {
    enum Answer {
        case status(HTTPResponse.Status, retryAfter: String? = nil)
        case failure
    }

    struct Lost: Error {}

    private let lock = NSLock()
    private var script: [Answer]
    private var recorded: [HTTPRequest] = []

    init(_ script: [Answer] = []) {
        self.script = script
    }

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    var next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) {
        { request, _, _ in try self.answer(request) }
    }

    private func answer(_ request: HTTPRequest) throws -> (HTTPResponse, HTTPBody?) {
        let answer = lock.withLock { () -> Answer in
            recorded.append(request)
            return script.isEmpty ? .status(.ok) : script.removeFirst()
        }
        switch answer {
        case .failure:
            throw Lost()
        case .status(let status, let retryAfter):
            var response = HTTPResponse(status: status)
            if let retryAfter { response.headerFields[.retryAfter] = retryAfter }
            return (response, nil)
        }
    }
}
