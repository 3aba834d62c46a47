import Domain
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

    /// `application/json` or any `+json` type, with parameters; UTF-8 only. Decided on the
    /// value's bytes when they are all ASCII, as every client sends them, so the check builds no
    /// string. Other bytes (obs-text) take the character-by-character rules, which differ there:
    /// a `;` followed by a combining mark is no separator.
    static func isJSON(_ contentType: String) -> Bool {
        switch contentType.utf8.withContiguousStorageIfAvailable(MediaTypeBytes.isJSON) {
        case let verdict??: verdict
        default: isJSONByCharacters(contentType)
        }
    }

    /// The rules on characters: elements split at `;` characters, trimmed of tab and Unicode
    /// space separators (Foundation's `.whitespaces`, U+200B included), compared lowercased.
    private static func isJSONByCharacters(_ contentType: String) -> Bool {
        let parts = contentType.split(separator: ";").map { $0.trimming(where: isSpace).lowercased() }
        guard let type = parts.first, type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json")) else {
            return false
        }
        for parameter in parts.dropFirst() where parameter.hasPrefix("charset=") {
            let charset = parameter.dropFirst("charset=".count).trimming { $0 == "\"" }
            if charset != "utf-8" && charset != "utf8" { return false }
        }
        return true
    }

    /// The scalars Foundation's `CharacterSet.whitespaces` holds: tab, the space separators
    /// (Zs) and U+200B, which Foundation still counts among them.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
