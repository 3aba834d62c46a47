import Foundation
import HTTPServer
import Presentation

/// Encodes response bodies; the one place JSON is written.
public enum JSONBody {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A view model that writes itself: the hot paths' one encoding.
    public static func response(_ status: HTTPStatus, _ value: some JSONWritable, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var output = JSONOutput()
        value.write(to: &output)
        return response(status, written: output, headers: headers)
    }

    /// A document already written, for a Responder that writes its parts as they come (the
    /// banking report's rows) rather than a view model holding all of them.
    public static func response(_ status: HTTPStatus, written output: JSONOutput, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        return HTTPResponse(status: status, headers: headers, body: output.bytes)
    }

    /// A JSON document `producer` writes while it is sent (the banking report), never whole.
    public static func response(_ status: HTTPStatus, streaming producer: any HTTPBodyProducer, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        return HTTPResponse(status: status, headers: headers, stream: producer)
    }

    /// `value` as a JSON response. Encoding our own ViewModels cannot fail in practice; if it
    /// ever does, the client gets a bare 500 rather than a crash.
    public static func response<Value: Encodable>(_ status: HTTPStatus, _ value: Value, headers: HTTPHeaders = HTTPHeaders(), contentType: String = "application/json") -> HTTPResponse {
        var headers = headers
        headers.replaceOrAdd(name: "Content-Type", value: contentType)
        guard let body = try? encoder.encode(value) else {
            return HTTPResponse(status: .internalServerError, headers: ["Content-Type": "application/json"], body: Array(#"{"status":500}"#.utf8))
        }
        return HTTPResponse(status: status, headers: headers, body: Array(body))
    }

    /// A problem document with its media type, at the status of its code; the one place a
    /// `ProblemDetails` is made.
    /// A code that invites a retry gets `Retry-After: 1` unless `headers` sets its own.
    public static func problem(_ problem: ProblemViewModel, requestID: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        if problem.code.invitesRetry && headers["Retry-After"] == nil { headers.add(name: "Retry-After", value: "1") }
        return response(problem.code.status, ProblemDetails(problem, requestId: requestID), headers: headers, contentType: "application/problem+json")
    }
}
