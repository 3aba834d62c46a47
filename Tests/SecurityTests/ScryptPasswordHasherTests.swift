import Foundation
import Security
import Testing

@Suite("scrypt password hashes")
struct ScryptPasswordHasherTests {
    let hasher = ScryptPasswordHasher(parameters: .fastForTests)

    @Test("a hash verifies its password and no other")
    func roundTrip() throws {
        let encoded = try hasher.hash("correct horse battery")
        #expect(hasher.verify("correct horse battery", against: encoded))
        #expect(!hasher.verify("correct horse battery ", against: encoded))
        #expect(!hasher.verify("", against: encoded))
    }

    @Test("the parameters and a fresh salt are stored beside the hash")
    func encoding() throws {
        let first = try hasher.hash("same password")
        let second = try hasher.hash("same password")
        #expect(first != second)
        #expect(first.hasPrefix("scrypt$16$8$1$"))
        // A hash made with other parameters still verifies: they are read from the hash.
        let stronger = try ScryptPasswordHasher(parameters: .init(cost: 1 << 6, blockSize: 8, parallelism: 1)).hash("pw")
        #expect(hasher.verify("pw", against: stronger))
    }

    @Test("malformed or hostile encodings never verify", arguments: [
        "", "scrypt", "bcrypt$1$2$3$4$5", "scrypt$15$8$1$AAAA$AAAA", "scrypt$4194304$8$1$AAAA$AAAA", "scrypt$16$8$1$!!$AAAA",
        "scrypt$16$999$1$AAAA$AAAA", "scrypt$16$8$1$AAAA$",
    ])
    func malformed(encoded: String) {
        #expect(!hasher.verify("pw", against: encoded))
    }
}
