import Foundation
@testable import Security
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
        // 1 GiB of memory (N = 2^20, r = 8): more than any hash this server makes may cost.
        "scrypt$1048576$8$1$AAAA$AAAA",
    ])
    func malformed(encoded: String) {
        #expect(!hasher.verify("pw", against: encoded))
    }

    @Test("production parameters are pinned: N = 2^15, r = 8, p = 3, one of OWASP's minimum scrypt settings, 32 MiB a hash")
    func productionParameters() {
        let standard = ScryptPasswordHasher.Parameters.standard
        #expect(standard == ScryptPasswordHasher.Parameters(cost: 32_768, blockSize: 8, parallelism: 3))
        #expect(standard.memoryBytes == 32 << 20)
        // OWASP Password Storage Cheat Sheet: N=2^17 r=8 p=1 or an equivalent (2^16/2, 2^15/3,
        // 2^14/5, 2^13/10): the work N·p is at least 2^15·3 at r = 8.
        #expect(standard.blockSize >= 8 && standard.cost * standard.parallelism >= (1 << 15) * 3)
        #expect(ScryptPasswordHasher().parameters == standard)
    }

    @Test("a hash with a lower N, r or p needs rehashing; an equal or stronger one, or a foreign one, does not")
    func needsRehash() throws {
        let current = ScryptPasswordHasher(parameters: .init(cost: 1 << 6, blockSize: 8, parallelism: 2))
        #expect(current.needsRehash(try hasher.hash("pw")))
        #expect(current.needsRehash(try ScryptPasswordHasher(parameters: .init(cost: 1 << 6, blockSize: 8, parallelism: 1)).hash("pw")))
        #expect(!current.needsRehash(try current.hash("pw")))
        #expect(!current.needsRehash(try ScryptPasswordHasher(parameters: .init(cost: 1 << 7, blockSize: 8, parallelism: 2)).hash("pw")))
        #expect(!current.needsRehash("bcrypt$whatever"))
    }

    @Test("the hash verified for an unknown email has the hasher's own parameters, so that answer costs a full scrypt run, and matches no password")
    func dummyCostsAFullRun() {
        let hasher = ScryptPasswordHasher(parameters: .fastForTests)
        let dummy = ScryptPasswordHasher.decode(hasher.dummy)
        #expect(dummy?.parameters == .fastForTests)
        #expect(dummy?.salt.count == 16)
        #expect(dummy?.hash.count == 32)
        #expect(!hasher.verify("", against: hasher.dummy))
        #expect(ScryptPasswordHasher(parameters: .fastForTests).dummy != hasher.dummy)
    }
}
