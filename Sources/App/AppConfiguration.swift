import HTTPServer

/// Everything `viperd serve` is configured with: the server's limits plus the application's own.
public struct AppConfiguration: Sendable {
    public var server = HTTPServerConfiguration()
    /// SQLite database file; created (with its folder) when missing.
    public var databasePath = "data/viperd.sqlite"

    public init() {}
}
