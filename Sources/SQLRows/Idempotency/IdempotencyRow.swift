import Domain
import Foundation

/// How an `IdempotencyRecord` is laid out in a row of `idempotency_records`, both ways.
public enum IdempotencyRow {
    /// The columns `record(_:owner:key:)` reads, in its order.
    public static let columns = "fingerprint, state, response_status, response_headers, response_body, created_at"

    /// A record of `owner` and `key` from a row selected with `columns`; an unknown state or
    /// unreadable stored headers are storage corruption, a failure.
    @inlinable
    public static func record<Row: SQLRow>(_ row: Row, owner: UserID, key: IdempotencyKey) throws -> IdempotencyRecord {
        let state: IdempotencyRecord.State
        switch row.string(at: 1) {
        case "in_flight":
            state = .inFlight
        case "completed":
            let headers = try decode(row.string(at: 3) ?? "[]")
            state = .completed(StoredResponse(status: row.int(at: 2), headers: headers, body: row.blob(at: 4) ?? []))
        default:
            throw GatewayError.failure("idempotency record with unknown state")
        }
        return IdempotencyRecord(
            ownerID: owner, key: key, fingerprint: row.string(at: 0) ?? "", state: state, createdAt: Milliseconds.date(row.int64(at: 5)))
    }

    /// Parameters 1…5 of a completion: owner, key, status, headers, body.
    public static func completionValues(owner: UserID, key: IdempotencyKey, response: StoredResponse) throws -> [SQLValue] {
        [.text(owner.rawValue), .text(key.rawValue), .integer(Int64(response.status)), .text(try encode(response.headers)), .blob(response.body)]
    }

    /// `[[name, value], …]`: JSON keeps any header text intact, order included.
    static func encode(_ headers: [StoredResponse.Header]) throws -> String {
        let data = try JSONEncoder().encode(headers.map { [$0.name, $0.value] })
        return String(decoding: data, as: UTF8.self)
    }

    /// The headers `encode` wrote; anything else is a failure.
    @usableFromInline
    static func decode(_ text: String) throws -> [StoredResponse.Header] {
        let pairs: [[String]]
        do {
            pairs = try JSONDecoder().decode([[String]].self, from: Data(text.utf8))
        } catch {
            throw GatewayError.failure("malformed stored headers")
        }
        return try pairs.map { pair in
            guard pair.count == 2 else { throw GatewayError.failure("malformed stored header") }
            return StoredResponse.Header(name: pair[0], value: pair[1])
        }
    }
}
