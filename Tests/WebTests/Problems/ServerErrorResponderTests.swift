import Foundation
import HTTPServer
import Testing
@testable import Web

/// The server's own refusals look like every other API error: RFC 9457 problem documents,
/// worded in the request's language when its head was read, each 503 saying why.
@Suite("server error responder")
struct ServerErrorResponderTests {
    private func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("every refusal becomes problem+json with its status, a stable code and the request id", arguments: HTTPParseError.Reason.allCases)
    func problemShape(reason: HTTPParseError.Reason) throws {
        let response = ServerErrorResponder.respond(HTTPRefusal(error: HTTPParseError(reason), requestID: "req-1"))
        #expect(response.status == HTTPParseError(reason).status)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let json = try json(response)
        #expect(json["status"] as? Int == response.status.code)
        #expect(json["requestId"] as? String == "req-1")
        let code = try #require(json["code"] as? String)
        #expect(code.allSatisfy { $0.isLowercase || $0 == "_" })
        #expect((json["title"] as? String)?.isEmpty == false)
        #expect((json["type"] as? String)?.hasPrefix("https://") == true)
    }

    @Test("a 413 says body_too_large")
    func bodyTooLarge() throws {
        let response = ServerErrorResponder.respond(HTTPRefusal(error: HTTPParseError(.bodyTooLarge), requestID: "r"))
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"body_too_large""#))
    }

    @Test(
        "each 503 says why with its own code, and those a retry can cure carry Retry-After",
        arguments: [
            (HTTPParseError.Reason.serverAtCapacity, "server_busy", "1"),
            (.addressAtCapacity, "address_at_capacity", "1"),
            (.shuttingDown, "shutting_down", "1"),
            (.handlerTimeout, "handler_timeout", nil),
        ] as [(HTTPParseError.Reason, String, String?)])
    func serviceUnavailableSaysWhy(reason: HTTPParseError.Reason, code: String, retryAfter: String?) throws {
        let response = ServerErrorResponder.respond(HTTPRefusal(error: HTTPParseError(reason), requestID: "r"))
        #expect(response.status.code == 503)
        #expect(try json(response)["code"] as? String == code)
        #expect(response.headers["Retry-After"] == retryAfter)
    }

    @Test("the per-address cap is address_at_capacity, not malformed_request")
    func addressCapIsNotMalformed() throws {
        let response = ServerErrorResponder.respond(HTTPRefusal(error: HTTPParseError(.addressAtCapacity), requestID: "r"))
        let json = try json(response)
        #expect(json["code"] as? String == "address_at_capacity")
        #expect(json["title"] as? String == "Service unavailable")
    }

    @Test("a refusal of a request whose head was read is worded in the language it asks for")
    func frenchWhenTheHeadAsksForIt() throws {
        let refusal = HTTPRefusal(error: HTTPParseError(.bodyTooLarge), requestID: "r", headers: ["Accept-Language": "fr-CA, en;q=0.5"])
        let response = ServerErrorResponder.respond(refusal)
        let json = try json(response)
        #expect(json["title"] as? String == "Corps de requête trop volumineux")
        #expect(json["code"] as? String == "body_too_large")
        #expect(response.headers["Content-Language"] == "fr")
    }

    @Test("a refusal before any head is read is in English")
    func englishWithoutAHead() throws {
        let response = ServerErrorResponder.respond(HTTPRefusal(error: HTTPParseError(.shuttingDown), requestID: "r"))
        #expect(try json(response)["detail"] as? String == "The server is shutting down; try again shortly")
        #expect(response.headers["Content-Language"] == "en")
    }

    @Test("a malformed request's detail names the rule it broke")
    func malformedNamesTheRule() throws {
        let response = ServerErrorResponder.respond(HTTPRefusal(error: HTTPParseError(.obsoleteLineFolding), requestID: "r"))
        let json = try json(response)
        #expect(json["code"] as? String == "malformed_request")
        #expect((json["detail"] as? String)?.contains("obsolete line folding") == true)
    }
}
