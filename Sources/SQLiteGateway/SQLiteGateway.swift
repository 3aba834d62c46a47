import CSQLite

/// The SQLite implementation of the Domain's EntityGateway.
public enum SQLiteGateway {
    /// The linked libsqlite3's version string.
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
