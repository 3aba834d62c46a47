import Foundation
import Presentation
import Testing

@Suite("Timestamp")
struct TimestampTests {
    @Test("an instant is written as ISO8601DateFormatter writes it, from 1600 to year 9999")
    func matchesFoundation() {
        let reference = ISO8601DateFormatter()
        reference.formatOptions = [.withInternetDateTime]
        var generator = SystemRandomNumberGenerator()
        let chosen: [Double] = [0, 1, 59, 86_399, 951_782_400, 1_764_323_730, -1, -86_400, 4_102_444_800]
        // From 1600: before the Gregorian reform, Foundation counts Julian days, where RFC 3339
        // (and gmtime) keep the Gregorian calendar going back (`edges` checks year 1).
        let random = (0..<2_000).map { _ in Double(Int64.random(in: -11_676_096_000...253_402_300_799, using: &generator)) }
        for seconds in chosen + random {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.format(date) == reference.string(from: date), "\(seconds)")
        }
    }

    @Test("fractions round down, and instants storage cannot hold are written as the nearest end")
    func edges() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1.999)) == "1970-01-01T00:00:01Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -1e300)) == "0001-01-01T00:00:00Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -62_135_596_800 + 86_400 * 59 + 3_661)) == "0001-03-01T01:01:01Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59Z")
    }

    @Test("with milliseconds: three digits rounded down, padded, the same clamping and no trap at any clock value")
    func milliseconds() {
        #expect(Timestamp.formatWithMilliseconds(Date(timeIntervalSince1970: 1_763_882_130.125)) == "2025-11-23T07:15:30.125Z")
        #expect(Timestamp.formatWithMilliseconds(Date(timeIntervalSince1970: 0.0625)) == "1970-01-01T00:00:00.062Z")
        #expect(Timestamp.formatWithMilliseconds(Date(timeIntervalSince1970: 59.9999)) == "1970-01-01T00:00:59.999Z")
        #expect(Timestamp.formatWithMilliseconds(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
        #expect(Timestamp.formatWithMilliseconds(Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.formatWithMilliseconds(Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59.000Z")
        #expect(Timestamp.formatWithMilliseconds(Date(timeIntervalSince1970: -1e300)) == "0001-01-01T00:00:00.000Z")
        for seconds in [0, 1_764_323_730, -86_400, 253_402_300_799.5] as [Double] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.formatWithMilliseconds(date).dropLast(5) == Timestamp.format(date).dropLast(), "\(seconds)")
        }
    }
}
