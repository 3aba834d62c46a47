import Foundation
import HTTPServer
import Presentation
import Testing
@testable import Web

/// The codes a client can meet are written down three times: the enums the code is built from,
/// `docs/API.md`'s tables and `openapi.json`'s `x-codes`. These tests keep the three equal, and
/// the table's status and `Retry-After` columns true to the code.
@Suite("problem code table")
struct ProblemCodeTableTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The rows of the table under `heading` in docs/API.md, each as its cells.
    static func rows(under heading: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/API.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: heading), "docs/API.md has no \(heading)")
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
        return section.filter { $0.hasPrefix("| `") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    static func code(_ cell: String) -> String { cell.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }

    /// The `x-codes` of a schema's `code` property in openapi.json.
    static func openAPICodes(_ schema: String) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIResponder.document)) as? [String: Any])
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let properties = (schemas?[schema] as? [String: Any])?["properties"] as? [String: Any]
        return try #require((properties?["code"] as? [String: Any])?["x-codes"] as? [String], "\(schema).code has no x-codes")
    }

    @Test("every ProblemCode is in docs/API.md's table and openapi.json's x-codes, and nothing else is")
    func problemCodesAgree() throws {
        let enumCodes = ProblemCode.allCases.map(\.rawValue)
        let tableCodes = try Self.rows(under: "### Problem document codes (`code`)").map { Self.code($0[0]) }
        #expect(tableCodes == enumCodes, "the table lists the codes in the enum's order")
        #expect(Set(tableCodes).count == tableCodes.count, "a code appears once")
        #expect(try Self.openAPICodes("Problem") == enumCodes)
    }

    @Test("every FieldErrorCode is in docs/API.md's table and openapi.json's x-codes, and nothing else is")
    func fieldErrorCodesAgree() throws {
        let enumCodes = FieldErrorCode.allCases.map(\.rawValue)
        let tableCodes = try Self.rows(under: "### Field error codes (`errors[].code`)").map { Self.code($0[0]) }
        #expect(tableCodes == enumCodes, "the table lists the codes in the enum's order")
        #expect(try Self.openAPICodes("FieldError") == enumCodes)
    }

    @Test("the table's status and Retry-After columns say what the code does")
    func statusAndRetryAfter() throws {
        for row in try Self.rows(under: "### Problem document codes (`code`)") {
            let code = try #require(ProblemCode(rawValue: Self.code(row[0])))
            #expect(row[1] == "\(code.status.code)", "\(code)")
            #expect((row[2] != "—") == code.invitesRetry, "\(code): Retry-After column")
        }
    }

    @Test("a problem's status follows its code, and a code that invites a retry carries Retry-After", arguments: ProblemCode.allCases)
    func responseFollowsCode(code: ProblemCode) {
        let response = JSONBody.problem(ProblemViewModel(code: code, title: "t", detail: "d"), requestID: "r")
        #expect(response.status == code.status)
        #expect((response.headers["Retry-After"] != nil) == code.invitesRetry)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"\#(code.rawValue)""#))
    }
}
