import Domain
import Testing

@Suite("random ids")
struct RandomIDGeneratorTests {
    static let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")

    @Test("ids are unique and are the prefix followed by 20 characters of the base-32 alphabet")
    func shape() {
        let ids = (0..<10_000).map { _ in RandomIDGenerator().makeID(prefix: "c_") }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.hasPrefix("c_"))
            #expect(id.utf8.count == 22)
            #expect(id.dropFirst(2).allSatisfy(Self.alphabet.contains), "\(id)")
        }
        #expect(RandomIDGenerator().makeID(prefix: "").utf8.count == 20)
        #expect(RandomIDGenerator().makeID(prefix: "tx_é_").hasPrefix("tx_é_"))
    }

    @Test("every symbol of the alphabet turns up at every position: all 100 bits vary")
    func everySymbolEverywhere() {
        var seen = Array(repeating: Set<Character>(), count: 20)
        for _ in 0..<10_000 {
            for (position, symbol) in RandomIDGenerator().makeID(prefix: "p_").dropFirst(2).enumerated() { seen[position].insert(symbol) }
        }
        for position in 0..<20 { #expect(seen[position] == Self.alphabet, "position \(position)") }
    }
}
