import Foundation
import HTTPServer
import Presentation

/// Decodes a request body as JSON for a Responder: 415 unless it says it is JSON, 400 unless it is.
enum JSONRequestBody {
    enum Failure: Error {
        case unsupportedMediaType
        case empty
        case malformed
    }

    /// Runs `scene` with the decoded body, or answers the decoding failure as a problem.
    static func respond(to request: HTTPRequest, context: RequestContext, _ scene: (JSONValue) -> HTTPResponse) -> HTTPResponse {
        switch decode(request) {
        case .success(let body): scene(body)
        case .failure(let failure): RootProblems.body(failure, context: context)
        }
    }

    static func decode(_ request: HTTPRequest) -> Result<JSONValue, Failure> {
        guard let contentType = request.headers["Content-Type"], isJSON(contentType) else {
            return .failure(.unsupportedMediaType)
        }
        guard !request.body.isEmpty else { return .failure(.empty) }
        do {
            return .success(try JSONParser.parse(request.body))
        } catch {
            return .failure(.malformed)
        }
    }

    /// `application/json` or any `+json` type, with parameters; UTF-8 only.
    static func isJSON(_ contentType: String) -> Bool {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let type = parts.first, type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json")) else {
            return false
        }
        for parameter in parts.dropFirst() where parameter.hasPrefix("charset=") {
            let charset = parameter.dropFirst("charset=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if charset != "utf-8" && charset != "utf8" { return false }
        }
        return true
    }
}
