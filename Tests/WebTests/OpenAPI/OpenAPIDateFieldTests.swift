import Foundation
import Testing
@testable import Web

/// docs/API.md's promise about dates, held against the embedded `/openapi.json`: a date people
/// read has its `…Formatted` beside it, and the dates that have none are exactly those the
/// contract names as machine-only.
@Suite("OpenAPI date fields")
struct OpenAPIDateFieldTests {
    /// docs/API.md ("Locale"): record stamps, token, ticket and draft expiries, a sent transfer's
    /// expiry and resolution (its `statusText` says them), a live event's time (its `message` says
    /// what happened), and the report clients' listing.
    static let machineOnly: Set<String> = [
        "Account.createdAt", "Contact.createdAt", "Contact.updatedAt",
        "EventTicket.expiresAt", "LiveEvent.occurredAt",
        "Session.expiresAt", "Session.refreshExpiresAt", "SortedTransaction.date",
        "Transfer.expiresAt", "Transfer.resolvedAt",
        "TransferDraft.createdAt", "TransferDraft.expiresAt",
    ]

    /// A date on the wire: a `Timestamp`, a `date` or `date-time` format, or a pattern of one.
    static func isDate(_ schema: [String: Any]) -> Bool {
        if let reference = schema["$ref"] as? String, reference.hasSuffix("/Timestamp") { return true }
        if let format = schema["format"] as? String, format == "date" || format == "date-time" { return true }
        if let pattern = schema["pattern"] as? String, pattern.contains("[0-9]{4}-") { return true }
        return false
    }

    /// `Schema.property` of every date in `schema`, nested objects and array items included, and
    /// whether a `…Formatted` sits beside it.
    static func dates(in schema: [String: Any], at path: String) -> [(path: String, formatted: Bool)] {
        var found: [(path: String, formatted: Bool)] = []
        let properties = schema["properties"] as? [String: Any] ?? [:]
        for (name, value) in properties {
            guard let property = value as? [String: Any] else { continue }
            if isDate(property) { found.append(("\(path).\(name)", properties["\(name)Formatted"] != nil)) }
            found += dates(in: property, at: "\(path).\(name)")
        }
        if let items = schema["items"] as? [String: Any] { found += dates(in: items, at: path) }
        for key in ["oneOf", "anyOf", "allOf"] {
            for part in schema[key] as? [[String: Any]] ?? [] { found += dates(in: part, at: path) }
        }
        return found
    }

    @Test("every date of a response has a …Formatted beside it, except the machine-only dates docs/API.md names")
    func datesCarryFormattedCompanions() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIResponder.document)) as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        var unformatted: Set<String> = []
        for (name, value) in schemas where !name.hasSuffix("Input") {
            guard let schema = value as? [String: Any] else { continue }
            for date in Self.dates(in: schema, at: name) where !date.formatted { unformatted.insert(date.path) }
        }
        #expect(
            unformatted.subtracting(Self.machineOnly).isEmpty,
            "dates without a …Formatted beside them: \(unformatted.subtracting(Self.machineOnly).sorted())")
        #expect(
            Self.machineOnly.subtracting(unformatted).isEmpty,
            "named machine-only but formatted now (update docs/API.md and this list): \(Self.machineOnly.subtracting(unformatted).sorted())")
    }
}
