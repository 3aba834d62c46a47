import Foundation
import PostgresGateway

/// `--db` and `--database-url`: the database of `serve` and of every operator command.
public enum DatabaseOptions {
    /// The operator commands' table: just the database.
    public static let table = OptionTable(options(at: \StorageLocation.self))

    /// The database nothing names: SQLite at `AppConfiguration`'s default path.
    public static var defaultLocation: StorageLocation { AppConfiguration().storage }

    /// The two options, writing the location they give at `location`. A flag wins over the other
    /// option's variable; both flags, or both variables without a flag, are refused rather than
    /// one silently ignored.
    static func options<Settings>(at location: any WritableKeyPath<Settings, StorageLocation> & Sendable) -> [CommandOption<Settings>] {
        [
            CommandOption(
                "db", .value(valueName: "path"), default: .shown { _ in AppConfiguration.defaultDatabasePath },
                help: "SQLite database file",
                readme: "SQLite database file; a value that looks like a URL (`scheme://…`) is refused, here and in every command, with a pointer to `--database-url`"
            ) { settings, input in
                let path = input.text.trimmingCharacters(in: .whitespaces)
                guard !path.isEmpty else { throw OptionRefusal("must not be empty") }
                // A URL given as a file would be taken as a path: `postgres://u@h/db` makes a
                // folder named `postgres:` and an SQLite file in it, silently.
                if StorageLocation.looksLikeURL(path) {
                    throw OptionRefusal("'\(StorageLocation.redacting(path))' is a URL, not an SQLite file; a PostgreSQL server is given with --database-url (or VIPERD_DATABASE_URL)")
                }
                if input.source != .flag, input.source(of: "database-url") == .flag { return }
                settings[keyPath: location] = .sqlite(path: path)
            },
            CommandOption(
                "database-url", .value(valueName: "url"), default: .described("none: SQLite at `--db`"),
                help: "A PostgreSQL server to use instead of SQLite: postgres://user[:password]@host[:port]/db, postgresql://… or libpq's host=… dbname=…",
                readme: """
                    a PostgreSQL server instead (`postgres://user[:password]@host[:port]/db`, `postgresql://…` or libpq's `host=… dbname=…`, \
                    given to libpq as is), for several instances on one database: see [docs/DEPLOYMENT.md](docs/DEPLOYMENT.md). One connection \
                    per worker (`--workers`). Giving both `--db` and `--database-url` (or both variables) is refused. The start-up log names \
                    libpq's version and the URL without its password
                    """
            ) { settings, input in
                switch (input.source, input.source(of: "db")) {
                case (.flag, .flag?):
                    throw OptionRefusal("--db (an SQLite file) and --database-url (a PostgreSQL server) were both given: choose one", standsAlone: true)
                case (.variable, .variable?):
                    throw OptionRefusal(
                        "VIPERD_DB (an SQLite file) and VIPERD_DATABASE_URL (a PostgreSQL server) are both set: unset one, or give --db or --database-url",
                        standsAlone: true)
                case (.variable, .flag?):
                    return
                default:
                    break
                }
                let url = input.text.trimmingCharacters(in: .whitespaces)
                guard !url.isEmpty else { throw OptionRefusal("must not be empty") }
                guard StorageLocation.isPostgresConnectionString(url) else {
                    throw OptionRefusal("""
                        '\(StorageLocation.redacting(url))' is not a PostgreSQL URL (postgres://user@host:5432/db, postgresql://… \
                        or host=… dbname=…); an SQLite file is given with --db
                        """)
                }
                settings[keyPath: location] = .postgres(url: url)
            },
        ]
    }
}
