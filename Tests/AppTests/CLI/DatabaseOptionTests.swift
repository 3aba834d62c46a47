import Foundation
import App
import Testing

/// How `--db`, `--database-url` and their variables choose the database, for `serve` and for
/// every operator command (both read `DatabaseOptions`, declared once).
@Suite("database option")
struct DatabaseOptionTests {
    static let url = "postgres://viperd@db.internal:5432/viperd"

    func resolve(db: String? = nil, url: String? = nil, _ environment: [String: String] = [:]) throws -> StorageLocation {
        var flags: [String: [String]] = [:]
        flags["db"] = db.map { [$0] }
        flags["database-url"] = url.map { [$0] }
        return try DatabaseOptions.table.resolve(flags: flags, environment: environment, into: .sqlite(path: "data/viperd.sqlite"))
    }

    @Test("nothing given is SQLite at the default path; --db or VIPERD_DB names another file")
    func sqliteByDefault() throws {
        #expect(try resolve() == .sqlite(path: "data/viperd.sqlite"))
        #expect(try resolve(db: "/tmp/a.sqlite") == .sqlite(path: "/tmp/a.sqlite"))
        #expect(try resolve(["VIPERD_DB": "/tmp/b.sqlite"]) == .sqlite(path: "/tmp/b.sqlite"))
    }

    @Test("--database-url and VIPERD_DATABASE_URL choose PostgreSQL, in URI or key/value form, passed on unchanged")
    func postgres() throws {
        #expect(try resolve(url: Self.url) == .postgres(url: Self.url))
        #expect(try resolve(["VIPERD_DATABASE_URL": Self.url]) == .postgres(url: Self.url))
        #expect(try resolve(url: "postgresql://u@/viperd?host=/tmp/pg&port=5433") == .postgres(url: "postgresql://u@/viperd?host=/tmp/pg&port=5433"))
        #expect(try resolve(url: "host=/tmp/pg dbname=viperd") == .postgres(url: "host=/tmp/pg dbname=viperd"))
    }

    @Test("--db and --database-url together are refused with a message naming both; so are both variables")
    func bothGiven() throws {
        let flags = #expect(throws: OptionTable<StorageLocation>.InvalidValue.self) { try resolve(db: "/tmp/a.sqlite", url: Self.url) }
        #expect(flags?.description.contains("--db") == true && flags?.description.contains("--database-url") == true)
        let variables = #expect(throws: OptionTable<StorageLocation>.InvalidValue.self) {
            try resolve(["VIPERD_DB": "/tmp/a.sqlite", "VIPERD_DATABASE_URL": Self.url])
        }
        #expect(variables?.description.contains("VIPERD_DB") == true && variables?.description.contains("VIPERD_DATABASE_URL") == true)
    }

    @Test("a flag wins over the other setting's variable")
    func flagWins() throws {
        #expect(try resolve(db: "/tmp/a.sqlite", ["VIPERD_DATABASE_URL": Self.url]) == .sqlite(path: "/tmp/a.sqlite"))
        #expect(try resolve(url: Self.url, ["VIPERD_DB": "/tmp/a.sqlite"]) == .postgres(url: Self.url))
    }

    @Test("a --database-url that is not PostgreSQL's is refused, without echoing its password")
    func notPostgres() throws {
        for bad in ["data/viperd.sqlite", "mysql://root:hunter2@db/viperd", "sqlite:///tmp/x", ""] {
            let refusal = #expect(throws: OptionTable<StorageLocation>.InvalidValue.self, "\(bad)") { try resolve(url: bad) }
            #expect(refusal?.description.contains("hunter2") == false)
        }
        #expect(throws: OptionTable<StorageLocation>.InvalidValue.self) { try resolve(db: "") }
    }

    @Test("a URL given as --db or VIPERD_DB is refused and points to --database-url, without echoing its password")
    func urlAsFile() throws {
        for url in ["postgres://u:hunter2@h/db", "postgresql://u@h/db", "sqlite:///tmp/x", "file://data/viperd.sqlite"] {
            let flag = #expect(throws: OptionTable<StorageLocation>.InvalidValue.self, "\(url)") { try resolve(db: url) }
            #expect(flag?.description.contains("--database-url") == true, "\(String(describing: flag))")
            #expect(flag?.description.contains("hunter2") == false)
            let variable = #expect(throws: OptionTable<StorageLocation>.InvalidValue.self, "\(url)") { try resolve(["VIPERD_DB": url]) }
            #expect(variable?.description.contains("VIPERD_DATABASE_URL") == true, "\(String(describing: variable))")
        }
        // A path with a colon or a `//` of its own is still a file.
        #expect(try resolve(db: "data/a:b.sqlite") == .sqlite(path: "data/a:b.sqlite"))
        #expect(try resolve(db: "/tmp//x.sqlite") == .sqlite(path: "/tmp//x.sqlite"))
    }

    @Test("every command taking --db refuses a URL before touching the disk", arguments: [
        ["serve"], ["migrate"], ["migrate", "--status"], ["backup", "/tmp/viperd-never-written.sqlite"],
        ["user", "create", "--email", "a@example.com", "--name", "A"], ["token", "create", "--email", "a@example.com"],
        ["token", "revoke", "--all", "--email", "a@example.com"], ["seed-bench"],
        ["import-transactions", "--account", "x", "/tmp/viperd-no-feed.json"], ["seed-demo"],
    ])
    func everyCommandRefusesURL(_ command: [String]) throws {
        let result = try ViperdProcess.run(command + ["--db", "postgres://u@h/db"], input: "")
        #expect(result.status == 64, "\(result.output)")
        #expect(result.output.contains("--db (or VIPERD_DB): 'postgres://u@h/db' is a URL"), "\(result.output)")
        #expect(result.output.contains("--database-url"), "\(result.output)")
        let variable = try ViperdProcess.run(command, environment: ["VIPERD_DB": "postgres://u:hunter2@h/db"], input: "")
        #expect(variable.status == 64, "\(variable.output)")
        #expect(variable.output.contains("VIPERD_DATABASE_URL") && !variable.output.contains("hunter2"), "\(variable.output)")
        #expect(!FileManager.default.fileExists(atPath: "postgres:"))
    }

    @Test("an operator command's --help shows exactly the database table's two flags, each with the table's value name and variable")
    func operatorHelpIsTheTable() throws {
        #expect(DatabaseOptions.table.options.map(\.flag) == ["db", "database-url"], "DatabaseOption declares these two: change it with the table")
        let help = try ViperdProcess.run(["migrate", "--help"]).output
        for option in DatabaseOptions.table.options {
            #expect(help.contains("--\(option.flag) <\(option.valueName)>"), "\(help)")
            #expect(help.contains(option.variables[0]), "\(help)")
        }
    }

    @Test("the list above is every command that takes --db: each one --help shows it on is in it")
    func everyCommandListed() throws {
        let listed: Set<String> = ["serve", "migrate", "backup", "user create", "token create", "token revoke", "seed-bench", "import-transactions", "seed-demo"]
        var found: Set<String> = []
        for command in [["serve"], ["migrate"], ["backup"], ["user", "create"], ["token", "create"], ["token", "revoke"], ["seed-bench"],
                        ["import-transactions"], ["seed-demo"], ["options-markdown"]] {
            let help = try ViperdProcess.run(command + ["--help"])
            if help.output.contains("--db <path>") { found.insert(command.joined(separator: " ")) }
        }
        #expect(found == listed)
        let root = try ViperdProcess.run(["--help"]).output
        for subcommand in ["serve", "migrate", "backup", "user", "token", "seed-bench", "import-transactions", "seed-demo"] {
            #expect(root.contains("  \(subcommand)"), "\(subcommand) missing from viperd --help: update this list")
        }
    }

    @Test("the location as logged hides the password in each place a URL may carry one")
    func redacted() {
        let cases = [
            ("postgres://viperd:s3cret@db:5432/viperd", "postgres://viperd:***@db:5432/viperd"),
            ("postgresql://viperd@db/viperd?password=s3cret&sslmode=require", "postgresql://viperd@db/viperd?password=***&sslmode=require"),
            ("host=db password=s3cret dbname=viperd", "host=db password=*** dbname=viperd"),
            ("postgres://viperd@db/viperd", "postgres://viperd@db/viperd"),
        ]
        for (url, logged) in cases {
            #expect(StorageLocation.postgres(url: url).description == logged)
        }
        #expect(StorageLocation.sqlite(path: "data/viperd.sqlite").description == "data/viperd.sqlite")
    }

    @Test("serve's options carry the choice into the configuration; both given is an invalid value")
    func serveOptions() throws {
        #expect(try ServeOptions().resolve(environment: [:]).databaseURL == nil)
        let fromVariable = try ServeOptions().resolve(environment: ["VIPERD_DATABASE_URL": Self.url])
        #expect(fromVariable.databaseURL == Self.url)
        #expect(fromVariable.storage == .postgres(url: Self.url))
        var options = ServeOptions()
        options["database-url"] = Self.url
        options["db"] = "/tmp/a.sqlite"
        let refusal = #expect(throws: OptionTable<AppConfiguration>.InvalidValue.self) { try options.resolve(environment: [:]) }
        #expect(refusal?.description.contains("choose one") == true)
        options["database-url"] = nil
        let sqlite = try options.resolve(environment: ["VIPERD_DATABASE_URL": Self.url])
        #expect(sqlite.storage == .sqlite(path: "/tmp/a.sqlite"))
    }
}
