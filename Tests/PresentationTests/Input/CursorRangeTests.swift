import Domain
import Foundation
@testable import Presentation
import Testing

/// Each cursor decoder refuses numbers this server cannot have handed out, at the exact edges of
/// the issuable ranges, so no such number reaches storage's conversions.
@Suite("cursor number ranges")
struct CursorRangeTests {
    let lowest = UnixMilliseconds.issuable.lowerBound
    let highest = UnixMilliseconds.issuable.upperBound

    @Test("account and transfer cursors take times from 2000-01-01 to 9999-12-31 and nothing else")
    func timestamps() {
        for (milliseconds, valid) in [(lowest, true), (highest, true), (lowest - 1, false), (highest + 1, false), (0, false), (-1, false), (.max, false), (.min, false)] {
            let account = CursorText.encode(tag: "a1", [String(milliseconds), "a_1"])
            #expect((AccountCursorCoding.decode(account) != nil) == valid, "account \(milliseconds)")
            let transfer = CursorText.encode(tag: "t1", [String(milliseconds), "t_1"])
            #expect((TransferCursorCoding.decode(transfer) != nil) == valid, "transfer \(milliseconds)")
            let order = CursorText.encode(tag: "o1", ["placedAt", String(milliseconds), "o_1"])
            #expect((OrderCursorCoding.decode(order) != nil) == valid, "order \(milliseconds)")
        }
        #expect(AccountCursorCoding.decode(CursorText.encode(tag: "a1", [String(highest), "a_1"]))?.createdAt == UnixMilliseconds.date(highest))
    }

    @Test("numbers only in the form the encoder writes: no sign, leading zero, space or 20 digits")
    func canonicalForm() {
        for text in ["+\(lowest)", "0\(lowest)", " \(lowest)", "\(lowest) ", "12345678901234567890", "", "1e12"] {
            #expect(AccountCursorCoding.decode(CursorText.encode(tag: "a1", [text, "a_1"])) == nil, "\(text)")
        }
    }

    @Test("order totals from 0 to the largest total any policy allows; transaction sequences from 1 below 2^53")
    func totalsAndSequences() {
        let top = OrderPolicy.issuableTotalsMinor.upperBound
        for (minor, valid) in [(Int64(0), true), (top, true), (-1, false), (top + 1, false), (.max, false)] {
            #expect((OrderCursorCoding.decode(CursorText.encode(tag: "o1", ["orderTotal", String(minor), "o_1"])) != nil) == valid, "\(minor)")
        }
        for (sequence, valid) in [(Int64(1), true), ((1 << 53) - 1, true), (0, false), (-1, false), (1 << 53, false), (.max, false)] {
            #expect((TransactionCursorCoding.decode(CursorText.encode(tag: "t1", ["2016-04-01", String(sequence)])) != nil) == valid, "\(sequence)")
        }
    }

    @Test("a date far outside Int64 milliseconds converts without a trap, clamped")
    func storageConversionNeverTraps() {
        #expect(UnixMilliseconds.from(Date(timeIntervalSince1970: 1e300)) == .max)
        #expect(UnixMilliseconds.from(Date(timeIntervalSince1970: -1e300)) == .min)
        #expect(UnixMilliseconds.from(Date(timeIntervalSince1970: 9_223_372_036_854_775.807)) == .max)
        #expect(UnixMilliseconds.from(Date(timeIntervalSince1970: .nan)) == 0)
        #expect(UnixMilliseconds.from(Date(timeIntervalSince1970: 1_795_000_000.123)) == 1_795_000_000_123)
    }
}
