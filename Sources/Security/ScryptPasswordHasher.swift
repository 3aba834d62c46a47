import Crypto
import Domain
import Foundation
import _CryptoExtras

/// scrypt (RFC 7914) password hashes, encoded with their parameters so they can be raised later:
/// `scrypt$N$r$p$<salt base64>$<hash base64>`.
public struct ScryptPasswordHasher: PasswordHasher {
    /// The cost parameters: N (a power of two), r, p.
    public struct Parameters: Equatable, Sendable {
        public var cost: Int
        public var blockSize: Int
        public var parallelism: Int

        public init(cost: Int, blockSize: Int, parallelism: Int) {
            self.cost = cost
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        /// N = 2^15, r = 8, p = 3: one of OWASP's equivalent minimum scrypt settings (Password
        /// Storage Cheat Sheet: N=2^17 r=8 p=1, or 2^16/8/2, or 2^15/8/3, …). Of those it needs the
        /// least memory per hash, 32 MiB (128 · r · N bytes; the p lanes run one after another),
        /// and pays with time (three lanes), so `BoundedPasswordHasher`'s slots times 32 MiB fits
        /// a small machine: 64 MiB on two cores. README "Password hashing" has the figures.
        public static let standard = Parameters(cost: 1 << 15, blockSize: 8, parallelism: 3)
        /// For tests only: fast, still real scrypt.
        public static let fastForTests = Parameters(cost: 1 << 4, blockSize: 8, parallelism: 1)

        /// Bytes one hash holds while it runs (128 · r · N).
        public var memoryBytes: Int { 128 * blockSize * cost }

        /// Whether every one of N, r and p is at least `other`'s.
        public func isAtLeast(_ other: Parameters) -> Bool {
            cost >= other.cost && blockSize >= other.blockSize && parallelism >= other.parallelism
        }
    }

    /// The most memory a stored hash may make a verification take: 256 MiB, 8 times the standard.
    static let maximumStoredMemoryBytes = 256 << 20

    public let parameters: Parameters
    /// Verified against when the email is unknown, so that answer takes as long as a wrong
    /// password: a hash with `parameters`, a random salt and random bytes for the hash itself.
    /// No password derives to random bytes, and making it costs no scrypt run: deriving one at
    /// start-up held 32 MiB for nothing, the server's peak memory.
    let dummy: String

    public init(parameters: Parameters = .standard) {
        self.parameters = parameters
        var generator = SystemRandomNumberGenerator()
        func random(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }) }
        dummy = "scrypt$\(parameters.cost)$\(parameters.blockSize)$\(parameters.parallelism)$\(random(16).base64EncodedString())$\(random(32).base64EncodedString())"
    }

    public func hash(_ password: String) throws -> String {
        try Self.encode(password: password, parameters: parameters)
    }

    public func verify(_ password: String, against encoded: String) -> Bool {
        guard let stored = Self.decode(encoded),
            let actual = try? Self.derive(password: password, salt: stored.salt, parameters: stored.parameters, length: stored.hash.count)
        else { return false }
        return Self.constantTimeEqual(actual, stored.hash)
    }

    /// True when `encoded` is ours but made with a lower N, r or p than `parameters`; false for
    /// anything that cannot be verified anyway.
    public func needsRehash(_ encoded: String) -> Bool {
        guard let stored = Self.decode(encoded) else { return false }
        return !stored.parameters.isAtLeast(parameters)
    }

    /// The parameters, salt and hash of `scrypt$N$r$p$<salt>$<hash>`, or nil for anything else,
    /// including parameters outside what this server would ever compute (a stored row is not
    /// allowed to make a login allocate gigabytes).
    static func decode(_ encoded: String) -> (parameters: Parameters, salt: Data, hash: Data)? {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "scrypt", let cost = Int(parts[1]), let blockSize = Int(parts[2]),
            let parallelism = Int(parts[3]), let salt = Data(base64Encoded: String(parts[4])),
            let hash = Data(base64Encoded: String(parts[5])), !hash.isEmpty,
            cost > 1, cost <= 1 << 20, cost & (cost - 1) == 0, (1...32).contains(blockSize), (1...16).contains(parallelism),
            blockSize * cost <= Self.maximumStoredMemoryBytes / 128
        else { return nil }
        return (Parameters(cost: cost, blockSize: blockSize, parallelism: parallelism), salt, hash)
    }

    public func verifyDummy(_ password: String) {
        _ = verify(password, against: dummy)
    }

    static func encode(password: String, parameters: Parameters) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let hash = try derive(password: password, salt: salt, parameters: parameters, length: 32)
        return "scrypt$\(parameters.cost)$\(parameters.blockSize)$\(parameters.parallelism)$\(salt.base64EncodedString())$\(hash.base64EncodedString())"
    }

    static func derive(password: String, salt: Data, parameters: Parameters, length: Int) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(
            from: Data(password.utf8), salt: salt, outputByteCount: length, rounds: parameters.cost,
            blockSize: parameters.blockSize, parallelism: parameters.parallelism)
        return key.withUnsafeBytes { Data($0) }
    }

    static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
