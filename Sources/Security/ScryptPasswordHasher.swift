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

        /// N = 2^15, r = 8, p = 1: 32 MiB and tens of milliseconds per hash on our machines.
        public static let standard = Parameters(cost: 1 << 15, blockSize: 8, parallelism: 1)
        /// For tests only: fast, still real scrypt.
        public static let fastForTests = Parameters(cost: 1 << 4, blockSize: 8, parallelism: 1)
    }

    public let parameters: Parameters
    /// A hash of a random password with `parameters`, verified against when the email is unknown.
    private let dummy: String

    public init(parameters: Parameters = .standard) {
        self.parameters = parameters
        dummy = (try? Self.encode(password: UUID().uuidString, parameters: parameters)) ?? ""
    }

    public func hash(_ password: String) throws -> String {
        try Self.encode(password: password, parameters: parameters)
    }

    public func verify(_ password: String, against encoded: String) -> Bool {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "scrypt", let cost = Int(parts[1]), let blockSize = Int(parts[2]),
            let parallelism = Int(parts[3]), let salt = Data(base64Encoded: String(parts[4])),
            let expected = Data(base64Encoded: String(parts[5])), !expected.isEmpty,
            cost > 1, cost <= 1 << 20, cost & (cost - 1) == 0, (1...32).contains(blockSize), (1...16).contains(parallelism)
        else { return false }
        let parameters = Parameters(cost: cost, blockSize: blockSize, parallelism: parallelism)
        guard let actual = try? Self.derive(password: password, salt: salt, parameters: parameters, length: expected.count) else {
            return false
        }
        return Self.constantTimeEqual(actual, expected)
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
