// What the value fuzzer (Scripts/fuzz/fuzz.sh values) checks of one input, shared by the fuzz
// harness (compiled into one module with Sources/Presentation, FUZZING defined) and by
// `FuzzFindingReplayTests`, which replays every finding kept in Tests/FuzzFindings/values.
//
// The input picks a value for one part of a cursor (a raw Int64, one of the edges of Int64 and
// of the issuable ranges, a time near the range's start, or free text), builds each cursor
// exactly as the server's encoder lays it out, and decodes it with the server's decoder. Each
// cursor must be refused, or decode to a value that re-encodes to the very same text and
// survives the conversion storage applies to it (UnixMilliseconds, the gateways' `Milliseconds`).
// The same value is read as every query parameter (limit, dates, group, sort, status) and every
// date is put through the report's day arithmetic. A trap anywhere is a finding; a broken
// promise is reported through `report`.
#if !FUZZING
@testable import Presentation
#endif
import Domain
import Foundation

enum ValueConversions {
    static let edges: [Int64] = [
        .max, .min, 0, -1, 1, .max - 1, .min + 1, 1 << 53, (1 << 53) - 1, -(1 << 53),
        UnixMilliseconds.issuable.lowerBound, UnixMilliseconds.issuable.lowerBound - 1,
        UnixMilliseconds.issuable.upperBound, UnixMilliseconds.issuable.upperBound + 1,
        OrderPolicy.issuableTotalsMinor.upperBound, OrderPolicy.issuableTotalsMinor.upperBound + 1,
        9_223_372_036_854_775_296, 9_223_372_036_854_775_295,
    ]

    /// Runs every check on one fuzzer input.
    static func run(_ bytes: [UInt8], report: (String) -> Void) {
        guard let first = bytes.first else { return }
        var number: Int64 = 0
        for byte in bytes.dropFirst().prefix(8) { number = number << 8 | Int64(byte) }
        let text: String
        switch first % 4 {
        case 0: text = String(number)
        case 1: text = String(edges[Int(UInt8(truncatingIfNeeded: number)) % edges.count])
        case 2: text = String(UnixMilliseconds.issuable.lowerBound &+ (number % 1_000_000))
        default: text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        }
        cursors(text, report: report)
        queryParameters(text, days: Int(truncatingIfNeeded: number), report: report)
    }

    /// Refused, or decoded to something that encodes back to `text`.
    private static func roundTrip<Cursor>(
        _ text: String, _ decode: (String) -> Cursor?, _ encode: (Cursor) -> String, report: (String) -> Void, _ store: (Cursor) -> Void
    ) {
        guard let cursor = decode(text) else { return }
        store(cursor)
        let again = encode(cursor)
        if again != text { report("cursor \(text) decoded, then encoded as \(again)") }
    }

    /// A date a cursor carries, converted to storage's milliseconds, must be a number it could hold.
    private static func stored(_ date: Date, report: (String) -> Void) {
        let milliseconds = UnixMilliseconds.from(date)
        if !UnixMilliseconds.issuable.contains(milliseconds) { report("decoded a date outside the issuable range: \(milliseconds)") }
        if UnixMilliseconds.date(milliseconds) != date { report("milliseconds \(milliseconds) do not round-trip") }
    }

    private static func cursors(_ value: String, report: (String) -> Void) {
        let id = "abcdefghijklmnopqrst"
        roundTrip(CursorText.encode(tag: "a1", [value, "a_" + id]), AccountCursorCoding.decode, AccountCursorCoding.encode, report: report) {
            stored($0.createdAt, report: report)
        }
        roundTrip(CursorText.encode(tag: "t1", [value, "t_" + id]), TransferCursorCoding.decode, TransferCursorCoding.encode, report: report) {
            stored($0.createdAt, report: report)
        }
        roundTrip(CursorText.encode(tag: "o1", ["placedAt", value, "o_" + id]), OrderCursorCoding.decode, OrderCursorCoding.encode, report: report) {
            if case .placedAt(let date) = $0.key { stored(date, report: report) }
        }
        roundTrip(CursorText.encode(tag: "o1", ["orderTotal", value, "o_" + id]), OrderCursorCoding.decode, OrderCursorCoding.encode, report: report) {
            if case .orderTotal(let minor) = $0.key, !OrderPolicy.issuableTotalsMinor.contains(minor) { report("order total \(minor) accepted") }
        }
        roundTrip(CursorText.encode(tag: "t1", ["2016-04-01", value]), TransactionCursorCoding.decode, TransactionCursorCoding.encode, report: report) { _ in }
        roundTrip(CursorText.encode(tag: "t1", [value, "7"]), TransactionCursorCoding.decode, TransactionCursorCoding.encode, report: report) { _ in }
        roundTrip(CursorText.encode(tag: "c1", [value, "c_" + id]), ContactCursorCoding.decode, ContactCursorCoding.encode, report: report) { _ in }
        roundTrip(CursorText.encode(tag: "p1", [value, "p_" + id]), ProductCursorCoding.decode, ProductCursorCoding.encode, report: report) { _ in }
    }

    /// The value as every query parameter a list or the report reads, in both languages.
    private static func queryParameters(_ value: String, days: Int, report: (String) -> Void) {
        for language in [Language.en, .fr] {
            var reader = QueryReader(messages: Messages(language))
            _ = reader.limit(value)
            let date = reader.date(value, parameter: "from")
            _ = reader.group(value)
            _ = reader.cursor(value, AccountCursorCoding.decode)
            var errors: [FieldErrorViewModel] = []
            _ = PageLimit.parse(value, messages: Messages(language), errors: &errors)
            _ = Messages(language).malformed(reader.errors + errors)
            _ = OrderSort(rawValue: value)
            _ = OrderStatus(rawValue: value)
            if let date {
                if date.description != value { report("date \(value) read as \(date)") }
                // The report's period arithmetic: any offset lands on a day or is nil.
                if let moved = date.adding(days: days), moved.adding(days: 0) != moved { report("day arithmetic on \(date)") }
                if CalendarDate(dayNumber: date.dayNumber) != date { report("day number of \(date)") }
            }
        }
        _ = CalendarDate(dayNumber: days)
        _ = Language.negotiate(acceptLanguage: value)
    }
}
