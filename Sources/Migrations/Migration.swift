import Crypto
import Foundation

/// One numbered SQL file of a dialect's folder of `Migrations/`: `NNNN_description.sql`, applied
/// once, in order.
public struct Migration: Equatable, Sendable {
    /// The file name's leading number; migrations apply in increasing order.
    public let version: Int
    /// The file name without its folder, as operators know it and `schema_migrations` records it.
    public let name: String
    /// The script, run in one transaction; it must not contain BEGIN or COMMIT of its own.
    public let sql: String
    /// Lowercase hex SHA-256 of the file's bytes, recorded when applied to notice later edits.
    public let checksum: String

    /// A migration from a file's name and bytes; throws when the name has no leading version
    /// (`0001_create_contacts.sql`) or the bytes are not UTF-8.
    public init(name: String, bytes: [UInt8]) throws(MigrationError) {
        guard let version = Self.version(of: name) else { throw .malformedName(name) }
        guard let sql = String(bytes: bytes, encoding: .utf8) else { throw .notUTF8(name) }
        self.version = version
        self.name = name
        self.sql = sql
        checksum = Self.hexadecimal(SHA256.hash(data: bytes))
    }

    /// A migration from a file's name and text.
    public init(name: String, sql: String) throws(MigrationError) {
        try self.init(name: name, bytes: Array(sql.utf8))
    }

    /// The migrations of `dialect` compiled into this build, from `EmbeddedMigrations`.
    public static func embedded(_ dialect: MigrationDialect) throws(MigrationError) -> [Migration] {
        var migrations: [Migration] = []
        for file in EmbeddedMigrations.files(for: dialect) {
            migrations.append(try Migration(name: file.name, bytes: file.sql))
        }
        return migrations
    }

    /// The digits before the first `_` of a `.sql` name with something after that `_`.
    static func version(of name: String) -> Int? {
        guard name.hasSuffix(".sql"), let separator = name.firstIndex(of: "_") else { return nil }
        let digits = name[..<separator]
        let description = name[name.index(after: separator)..<name.index(name.endIndex, offsetBy: -4)]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), !description.isEmpty else { return nil }
        return Int(digits)
    }

    private static func hexadecimal(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
