import PostgresGateway
import SQLiteGateway

/// What this binary is: printed by `viperd --version`, logged at start, exported in `/metrics`.
public enum BuildInfo {
    /// The release version; raised with each release.
    public static let version = "0.1.0"

    /// The linked libsqlite3's version.
    public static var sqliteVersion: String { SQLiteGateway.libraryVersion }

    /// The linked libpq's version (`15.18`), for `--database-url`.
    public static var libpqVersion: String { Storage.versionText(PostgresGateway.libraryVersion) }

    /// `viperd --version`'s line.
    public static var versionLine: String { "viperd \(version) (SQLite \(sqliteVersion), libpq \(libpqVersion))" }
}
