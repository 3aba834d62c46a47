import Foundation
import Testing
@testable import Domain

@Suite("time-ordered ids")
struct TimeOrderedIDGeneratorTests {
    static let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")

    @Test("ids are unique and are the prefix followed by 20 characters of the base-32 alphabet")
    func shape() {
        let ids = (0..<10_000).map { _ in TimeOrderedIDGenerator().makeID(prefix: "c_") }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.hasPrefix("c_"))
            #expect(id.utf8.count == 22)
            #expect(id.dropFirst(2).allSatisfy(Self.alphabet.contains), "\(id)")
        }
        #expect(TimeOrderedIDGenerator().makeID(prefix: "").utf8.count == 20)
        #expect(TimeOrderedIDGenerator().makeID(prefix: "tx_é_").hasPrefix("tx_é_"))
    }

    @Test("every symbol of the alphabet turns up at every random position: all 50 bits vary")
    func everySymbolEverywhere() {
        var seen = Array(repeating: Set<Character>(), count: 10)
        for _ in 0..<10_000 {
            let id = TimeOrderedIDGenerator().makeID(prefix: "p_", milliseconds: 1_764_000_000_000)
            for (position, symbol) in id.dropFirst(2 + TimeOrderedIDGenerator.timeLength).enumerated() { seen[position].insert(symbol) }
        }
        for position in 0..<10 { #expect(seen[position] == Self.alphabet, "position \(position)") }
    }

    @Test("an id made a millisecond later sorts after, as UTF-8 bytes, SQLite's order, across every carry")
    func laterSortsAfter() {
        let generator = TimeOrderedIDGenerator()
        let times: [UInt64] = [0, 9, 10, 31, 32, 1023, 1024, 1_764_000_000_000, (1 << 45) - 1, (1 << 50) - 2]
        for time in times {
            let earlier = generator.makeID(prefix: "c_", milliseconds: time)
            let later = generator.makeID(prefix: "c_", milliseconds: time + 1)
            #expect(earlier.utf8.lexicographicallyPrecedes(later.utf8), "\(earlier) \(later)")
            #expect(earlier.prefix(12) != later.prefix(12))
        }
        #expect(generator.makeID(prefix: "", milliseconds: 0).hasPrefix("0000000000"))
        #expect(generator.makeID(prefix: "", milliseconds: (1 << 50) - 1).hasPrefix("zzzzzzzzzz"))
    }

    @Test("the time part is now, in milliseconds since 1970")
    func timeIsNow() throws {
        let before = UInt64(Date().timeIntervalSince1970 * 1000) - 1
        let id = TimeOrderedIDGenerator().makeID(prefix: "")
        let after = UInt64(Date().timeIntervalSince1970 * 1000) + 1
        let symbols = TimeOrderedIDGenerator.alphabet
        var time: UInt64 = 0
        for byte in id.utf8.prefix(TimeOrderedIDGenerator.timeLength) {
            time = time << 5 | UInt64(try #require(symbols.firstIndex(of: byte)))
        }
        #expect((before...after).contains(time), "\(time) not in \(before)...\(after)")
    }
}
