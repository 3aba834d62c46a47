import Domain
import Foundation
import HTTPServer
import Logging
import Presentation
import SQLiteGateway
import Web

/// The `viperd serve` options: the one table each serve option is declared in, and the flags
/// given on a command line.
///
/// Each option falls back to an environment variable named after it (`--idle-timeout` →
/// `VIPERD_IDLE_TIMEOUT`), then to `AppConfiguration`'s default; a flag always wins. The
/// command's parser, `--help` and the README's options table are derived from `table`.
public struct ServeOptions: Sendable {
    /// The values given on the command line, by flag name (`["port": ["8080"]]`); a toggle's is on or off.
    public var flags: [String: [String]]

    public init(_ flags: [String: [String]] = [:]) {
        self.flags = flags
    }

    /// Gives one flag a single value, as `--flag VALUE` would.
    public subscript(flag: String) -> String? {
        get { flags[flag]?.last }
        set { flags[flag] = newValue.map { [$0] } }
    }

    /// The configuration these flags, the environment and the defaults give.
    public func resolve(environment: [String: String]) throws(OptionTable<AppConfiguration>.InvalidValue) -> AppConfiguration {
        try Self.table.resolve(flags: flags, environment: environment, into: AppConfiguration())
    }

    /// One serve option: its flag, variable, default and how it sets `AppConfiguration`.
    public typealias Option = CommandOption<AppConfiguration>

    /// Every serve option, in the order `--help` and the README list them. Built from parts:
    /// one literal of all of them is more than the type checker solves in reasonable time.
    public static let table = OptionTable<AppConfiguration>(listening + DatabaseOptions.options(at: \AppConfiguration.storage) + limitsAndPolicies)

    private static let listening: [Option] = [
        Option("host", default: .shown { $0.server.host }, help: "Address to listen on; :: or 0.0.0.0 for all",
               readme: "IPv4 or IPv6 (`::`, `0.0.0.0` for all interfaces)") { $0.server.host = try $1.nonEmpty() },
        Option("port", default: .shown { "\($0.server.port)" }, help: "TCP port; 0 picks a free one and logs it",
               readme: "`0` picks a free port; the start-up log line names it") { $0.server.port = try $1.integer(in: 0...65535) },
    ]

    private static let limitsAndPolicies: [Option] = [
        limit("workers", \.workerCount, 1...1024, default: "2 × usable cores",
              help: "Threads that run safe requests: GET, HEAD, OPTIONS",
              readme: "threads that run the handlers of safe requests (GET, HEAD, OPTIONS)"),
        limit("write-workers", \.writeWorkerCount, 1...1024,
              help: "Threads that run the other methods, which mostly wait for a durable commit; as many writes can share one commit",
              readme: "threads that run the handlers of the other methods; a write mostly waits for its durable commit, so there are more of them, and reads never queue behind them"),
        timeout("header-timeout", \.headerTimeout, help: "Seconds for the whole header section, from its first byte; then 408",
                readme: "whole header section, from its first byte: 408, close"),
        timeout("body-timeout", \.bodyTimeout, help: "Seconds a body may pause between reads, and its grace before --min-transfer-rate counts; then 408",
                readme: "pause between two body reads, and the grace before `--min-transfer-rate` counts: 408, close"),
        limit("min-transfer-rate", \.minTransferRate, 0...(1 << 30),
              help: "Bytes per second a body must arrive at, and a response be read at, on average after their grace; 0 = no rate rule",
              readme: """
                  bytes per second: a body must be whole by `--body-timeout` + its length at this rate after its headers (408, close); a \
                  response that blocks with *n* bytes unsent must be read by `--write-timeout` + *n* at this rate (dropped). Fixed \
                  deadlines: a byte now and then cannot push them back. `0` = no rate rule
                  """),
        limit("max-buffered-body-bytes", \.maxBufferedBodyBytes, 0...(1 << 40),
              help: "Bytes all bodies being read may reserve together (bodies over 16 KiB reserve their length first); past it 503",
              readme: """
                  request bodies over 16 KiB reserve their length from this budget before they are read; one that does not fit: 503 \
                  `server_busy` with `Retry-After`, so slow uploads cannot exhaust memory, and ordinary JSON bodies never wait on it
                  """),
        timeout("idle-timeout", \.idleTimeout, help: "Seconds a keep-alive connection may idle between requests", readme: "idle keep-alive connection: silent close"),
        timeout("write-timeout", \.writeTimeout, help: "Seconds a client may leave our writes unread before it is dropped",
                readme: "client not reading our response: connection dropped"),
        timeout("stream-timeout", \.streamTimeout, help: "Seconds a streamed body (the banking report) may take to send; past it the connection is dropped",
                readme: """
                    a streamed body (the banking report) still being sent: connection dropped, body cut short. Bounds how long a report \
                    holds its read snapshot, which keeps SQLite's checkpoints (and PostgreSQL's vacuum) from passing it
                    """),
        limit("max-body-bytes", \.maxBodyBytes, 0...(1 << 40), help: "Largest request body in bytes; larger is 413",
              readme: "413, decided from Content-Length before reading"),
        limit("max-header-bytes", \.maxHeaderBytes, 64...(1 << 24), help: "Largest header section in bytes; larger is 431", readme: "431"),
        limit("max-header-count", \.maxHeaderCount, 1...100_000, help: "Most header fields per request; more is 431", readme: "431"),
        limit("max-connections", \.maxConnections, 1...1_000_000, help: "Most open connections; more are answered 503", readme: "503 at accept time"),
        Option("max-connections-per-address", default: .described("an eighth of `--max-connections` (128)"),
               help: "Most open connections from one client address (an IPv6 one by its --ipv6-prefix-length network), trusted proxies exempt; more are answered 503; 0 = no cap",
               readme: """
                   connections from one peer address (IPv6: its `--ipv6-prefix-length` network) past it: 503 at accept time; by default an \
                   eighth of `--max-connections`, so at least eight addresses are needed to fill the server; trusted proxies are exempt; \
                   `0` = no cap
                   """) { $0.server.maxConnectionsPerAddress = try $1.integer(in: 0...1_000_000) },
        limit("ipv6-prefix-length", \.ipv6PrefixLength, 1...128,
              help: "Leading bits of an IPv6 address that make one client for every per-address limit",
              readme: """
                  an IPv6 client is counted by its network of this many bits for every per-address limit (the connection cap, logins, \
                  registrations): one subscriber is routed a whole /64 and can use any address in it. `128`: each address alone
                  """),
        limit("max-requests-per-connection", \.maxRequestsPerConnection, 1...Int.max, help: "Requests served per connection before it closes",
              readme: "last response says `Connection: close`"),
        Option("max-registrations-per-address", default: .shown { "\($0.maxRegistrationsPerAddress ?? 0)" },
               help: "Registrations per client address per hour; more are answered 429; 0 = no limit",
               readme: """
                   registrations from one client address per sliding hour; more: 429 `rate_limited` with `Retry-After`; `0` = no limit \
                   (load tests from one host)
                   """) {
            let registrations = try $1.integer(in: 0...1_000_000)
            $0.maxRegistrationsPerAddress = registrations == 0 ? nil : registrations
        },
        optionalLimit("max-writes-per-minute", \.writesPerMinute,
                  help: "Creates, updates and deletes per user per minute; more are answered 429; 0 = no limit",
                  readme: """
                      changes (creates, updates, deletes; signing out excepted) per user per fixed minute; more: 429 `rate_limited` with \
                      `Retry-After`; every such answer carries `RateLimit-Policy` and `RateLimit`. Shared by every instance on PostgreSQL. \
                      `0` = no limit (load tests)
                      """),
        optionalLimit("max-transfers-per-minute", \.transfersPerMinute,
                  help: "Transfers and draft submissions per user per minute; more are answered 429; 0 = no limit",
                  readme: "money movements (`POST /v1/transfers`, a draft's submission) per user per fixed minute, apart from the changes above; as above"),
        optionalLimit("max-contacts-per-user", \.quotas.contacts, help: "Most contacts one user may hold; more are answered 422; 0 = no quota",
              readme: "contacts one user may hold; one more: 422 `quota_exceeded`, nothing stored. `0` = no quota"),
        optionalLimit("max-accounts-per-user", \.quotas.accounts, help: "Most accounts one user may hold; more are answered 422; 0 = no quota",
              readme: "accounts one user may hold, the one each user gets included; as above"),
        optionalLimit("max-open-drafts-per-user", \.quotas.openDrafts, help: "Most unexpired transfer drafts one user may hold; more are answered 422; 0 = no quota",
              readme: "transfer drafts not yet expired one user may hold; as above"),
        optionalLimit("max-pending-transfers-per-user", \.quotas.pendingTransfers,
              help: "Most transfers one user may have waiting for their recipients; more are answered 422; 0 = no quota",
              readme: "transfers one user may have waiting for their recipients (each mails an address the sender typed); as above"),
        Option("transfer-hold-hours", default: .shown { numberText($0.transferPolicy.holdLifetime / 3600) },
               help: "Hours a pending transfer waits for its recipient before it expires and the money is the sender's again",
               readme: "a transfer to an address nobody verified yet waits this long to be claimed; then the upkeep expires it (never earlier)") {
            $0.transferPolicy.holdLifetime = try seconds($1.duration(scale: 3600, maximum: 90 * 86_400))
        },
        Option("max-streams", default: .shown { "\($0.liveEventPolicy.streamsInAll)" },
               help: "Live-event streams (GET /v1/events) this instance holds open in all; more are answered 503",
               readme: "open live-event streams in all, apart from `--max-connections`; one more: 503 `streams_busy` with `Retry-After`") {
            $0.liveEventPolicy.streamsInAll = try $1.integer(in: 1...1_000_000)
        },
        Option("max-streams-per-user", default: .shown { "\($0.liveEventPolicy.streamsPerUser)" },
               help: "Live-event streams one user may hold open on this instance; more are answered 429",
               readme: "open live-event streams per user (devices, tabs); one more: 429 `too_many_streams`") {
            $0.liveEventPolicy.streamsPerUser = try $1.integer(in: 1...1000)
        },
        Option("stream-backlog-bytes", default: .shown { "\($0.liveEventPolicy.backlogBytes)" },
               help: "Unsent bytes a live-event stream may hold before its client, not reading, is cut off",
               readme: "a stream whose client stops reading is cut once this much waits for it; its events stay in the outbox and it resumes") {
            $0.liveEventPolicy.backlogBytes = try $1.integer(in: 4096...(64 << 20))
        },
        Option("purge-interval-seconds", default: .shown { numberText(seconds($0.purgeInterval)) },
               help: "Seconds between passes of the upkeep that expires pending transfers and purges expired records",
               readme: "how often the upkeep expires pending transfers past their end and deletes expired sessions, drafts, codes and old outbox rows") {
            $0.purgeInterval = try $1.duration(scale: 1, maximum: 86_400)
        },
        Option("password-hash-concurrency", default: .described("usable cores"),
               help: "Password hashes (logins, registrations) computed at once, 32 MiB each; a short queue waits, more are answered 503",
               readme: """
                   scrypt hashes (registration, login) computed at once, 32 MiB each; a queue of 4 per slot waits at most 5 s; more: 503 \
                   `server_busy` with `Retry-After: 1` (see [Password hashing](#password-hashing))
                   """) { $0.passwordHashConcurrency = try $1.integer(in: 1...256) },
        timeout("shutdown-timeout", \.shutdownTimeout, help: "Seconds in-flight requests get on shutdown",
                readme: "SIGTERM/SIGINT: in-flight requests get this long, then connections are cut; exit 0"),
        Option("sqlite-synchronous", default: .shown { $0.synchronous.rawValue },
               help: "SQLite synchronous pragma: full (survives power loss), normal or off",
               readme: "`full` survives power loss; `normal` only crashes") { $0.synchronous = try $1.oneOf(DatabaseConfiguration.Synchronous.self) },
        Option("sqlite-group-commit", default: .shown { $0.groupCommit ? "on" : "off" },
               help: "Let writes that arrive together share one SQLite commit (one fsync), each in its own savepoint: on or off",
               readme: """
                   writes that arrive together share one transaction and one commit (one fsync), each in its own savepoint: one write's \
                   failure undoes only its own changes, and no write is answered before its commit is durable; `off`: a commit per write. \
                   Groups are at most as large as `--write-workers`
                   """) { $0.groupCommit = try $1.onOff() },
        Option("sqlite-group-commit-delay", default: .shown { "\($0.groupCommitDelayMicroseconds)" },
               help: "Microseconds a group's first write waits for more to join it when the last group held several; 0: never",
               readme: """
                   microseconds; with group commit on, when the last group held several writes, the next waits this long (less once it is full) for \
                   more to share its commit, as PostgreSQL's `commit_delay`; a write after a lone one never waits. `0`: never
                   """) { $0.groupCommitDelayMicroseconds = try $1.integer(in: 0...1_000_000) },
        Option("postgres-connections", default: .described("--workers + --write-workers"),
               help: "PostgreSQL sessions this instance opens at most, read and write workers sharing them",
               readme: """
                   the pool every request's reads and writes share (plus two sessions for live-event wake-ups); keep the sum over \
                   instances under PostgreSQL's `max_connections`. More lets more writes wait on the server's WAL flush together
                   """) { $0.postgresConnections = try $1.integer(in: 1...1024) },
        Option("postgres-group-commit", default: .shown { $0.postgresGroupCommit ? "on" : "off" },
               help: "Let transfers that arrive together share one PostgreSQL transaction and commit, each in its own savepoint: on or off",
               readme: """
                   transfers that arrive together at one instance share one transaction and one commit, each in its own savepoint, \
                   the union of their accounts' and users' rows locked first in one order (no deadlock between instances); at most \
                   32 a group, and 4 groups at once, a transfer joining its first account's. `off`: a transaction per transfer
                   """) { $0.postgresGroupCommit = try $1.onOff() },
        Option("token-lifetime-days", default: .shown { numberText($0.sessionPolicy.tokenLifetime / 86_400) },
               help: "Days a bearer token without refresh (registration, viperd token issue) stays valid",
               readme: "tokens without a refresh token expire; then 401. A login's tokens follow the session options below") {
            $0.sessionPolicy.tokenLifetime = try seconds($1.duration(scale: 86_400, maximum: 3650 * 86_400))
        },
        Option("access-token-minutes", default: .shown { numberText($0.sessionPolicy.accessTokenLifetime / 60) },
               help: "Minutes a login's access token stays valid; the client then refreshes it",
               readme: "a login's access token (`token`) expires; then 401 and `POST /v1/sessions/refresh`") {
            $0.sessionPolicy.accessTokenLifetime = try seconds($1.duration(scale: 60, maximum: 24 * 3600))
        },
        Option("session-idle-minutes", default: .shown { numberText($0.sessionPolicy.idleTimeout / 60) },
               help: "Minutes without a request or refresh after which a login's session ends",
               readme: """
                   OWASP's range for low-risk applications is 15–30 minutes; the lower end, as the API moves money. \
                   A use is recorded at most once a minute, so the end may come up to a minute early
                   """) {
            $0.sessionPolicy.idleTimeout = try seconds($1.duration(scale: 60, maximum: 30 * 86_400))
        },
        Option("session-absolute-hours", default: .shown { numberText($0.sessionPolicy.absoluteTimeout / 3600) },
               help: "Hours after login at which a session ends, however active",
               readme: "OWASP's range is 4–8 hours; 8, a working day. Then the user signs in again") {
            $0.sessionPolicy.absoluteTimeout = try seconds($1.duration(scale: 3600, maximum: 365 * 86_400))
        },
        Option("refresh-reuse-grace-seconds", default: .shown { numberText($0.sessionPolicy.refreshReuseGrace) },
               help: "Seconds a used refresh token may be presented again, by a client that lost the answer",
               readme: """
                   within it, the replaced refresh token rotates once more and retires the pair it was replaced by; \
                   past it, presenting a used refresh token revokes its session (RFC 9700 §4.14.2)
                   """) {
            $0.sessionPolicy.refreshReuseGrace = try seconds($1.duration(scale: 1, maximum: 3600))
        },
        Option("auto-migrate", .toggle, default: .shown { $0.autoMigrate ? "on" : "off" },
               help: "Apply pending migrations at start; with --no-auto-migrate they stop start-up instead",
               readme: "off: pending migrations stop start-up") { $0.autoMigrate = try $1.onOff() },
        Option("log-level", alsoReading: ["LOG_LEVEL"], default: .shown { $0.logLevel.rawValue },
               help: "trace, debug, info, notice, warning, error or critical", readme: "`info` logs one access line per request") {
            $0.logLevel = try $1.oneOf(Logger.Level.self)
        },
        Option("log-format", default: .shown { $0.logFormat.rawValue }, help: "Log lines as text or json, one object per line",
               readme: "`json`: one JSON object per line (see [Logs and metrics](#logs-and-metrics))") { $0.logFormat = try $1.oneOf(LogFormat.self) },
        Option("trusted-proxy", .list(valueName: "cidr"), default: .described("none"),
               help: "A reverse proxy's address or CIDR range whose X-Forwarded-For names the client; repeatable",
               readme: "see [Behind a reverse proxy](#behind-a-reverse-proxy)") { $0.trustedProxies = try TrustedProxies(ranges: $1.values) },
        Option("cors-origin", .list(valueName: "origin"), default: .described("none (no CORS)"),
               help: "A browser origin (scheme://host[:port]) whose pages may call the API; repeatable",
               readme: "see [Browser clients on another origin](#browser-clients-on-another-origin-cors)") { $0.cors = try CORSPolicy(origins: $1.values) },
        Option("tax-rate-bps", default: .shown { "\($0.orderPolicy.taxRateBasisPoints)" },
               help: "Tax on an order's item total in basis points, 0-10000; 1300 = 13 %",
               readme: "tax on an order's item total in basis points (0–10000; 1300 = 13 %), half-even in cents; shipping is untaxed") {
            let rate = try $1.integer(in: 0...10_000)
            $0.orderPolicy = try OrderPolicy(taxRateBasisPoints: Int64(rate), shippingCosts: $0.orderPolicy.shippingCosts, currency: $0.orderPolicy.currency)
        },
        shippingCost("shipping-cost-standard", .standard, help: "Cost of standard shipping in cents",
                     readme: "cents (0–\(Product.maximumPriceMinor))"),
        shippingCost("shipping-cost-two-day", .twoDay, help: "Cost of two-day shipping in cents", readme: "cents"),
        shippingCost("shipping-cost-one-day", .oneDay, help: "Cost of one-day shipping in cents", readme: "cents"),
        Option("default-currency", .value(valueName: "code"), default: .shown { $0.accountPolicy.defaultCurrency.code },
               help: "ISO 4217 code of the account every new user gets",
               readme: "currency of the account every new user gets; an unknown ISO 4217 code stops start-up") {
            let code = try $1.nonEmpty()
            guard let known = Currency(code: code) else {
                throw OptionRefusal("'\(code)' is not an ISO 4217 currency code (upper case, e.g. CAD)")
            }
            $0.accountPolicy.defaultCurrency = known
        },
        Option("public-report-account", .value(valueName: "id"), default: .described("none"),
               help: "Serve /api/sortedTransactions/… without a token for this one account, to anyone",
               readme: """
                   `GET /api/sortedTransactions/…` without a token serves this account **to anyone**; logged as a warning at start-up. \
                   Without it those routes need a token
                   """) {
            let account = $1.text
            guard !account.isEmpty else { return }
            guard IDFormat.isValid(account) else {
                throw OptionRefusal("'\(account)' is not an account id")
            }
            $0.publicReportAccount = AccountID(account)
        },
        Option("max-report-rows", default: .shown { "\($0.accountPolicy.maximumReportRows)" },
               help: "Most transactions one banking report's period may hold; more are answered 422 report_too_large",
               readme: """
                   transactions in one banking report's period (`GET /v1/accounts/{id}/report`), counted before any is read; more: 422 \
                   `report_too_large` asking for a shorter period. A report is streamed a page at a time, never held whole; the cap bounds \
                   its time and how long it holds its read snapshot (see docs/PERFORMANCE.md)
                   """) { $0.accountPolicy.maximumReportRows = try $1.integer(in: 1...10_000_000) },
        Option("web-app", default: .shown { $0.webApp ? "on" : "off" }, help: "Serve the web client at /app/ (off: API only)",
               readme: "`off`: the API alone; the web client's pages at `/app/` answer 404") { $0.webApp = try $1.onOff() },
        Option("metrics-address", .value(valueName: "host:port"), default: .shown { $0.metricsAddress?.description ?? "off" },
               help: "Where GET /metrics is served, apart from the API: host:port ([::1]:9464), or off",
               readme: """
                   `GET /metrics` (Prometheus text) is served here only, never on the API's port: loopback by default, for a scraper on \
                   the same host; `[::1]:9464`, `0.0.0.0:9464` (every interface: firewall it), port `0` for a free one, or `off`. If \
                   the port is taken, the API still starts and the log says so at error level
                   """) {
            if $1.text == "off" {
                $0.metricsAddress = nil
                return
            }
            guard let address = ListenAddress($1.text) else {
                throw OptionRefusal("'\($1.text)' is not host:port ([::1]:port for IPv6) or off")
            }
            $0.metricsAddress = address
        },
        Option("smtp-url", .value(valueName: "url"), default: .described("none: mail is logged"),
               help: "The SMTP relay mail leaves through: smtp://[user:password@]host[:port]; unset: each message is logged (info)",
               readme: """
                   `smtp://[user:password@]host[:port]` (port 25 by default; user and password percent-encoded): verification and \
                   reset codes leave through this relay, retried on temporary failures. No TLS: a relay on the host or a private \
                   network (a local MTA, a sidecar) carries it on. Unset: each message is written to the log at `info` and kept \
                   in the outbox (`viperd mail list`), so `viperd serve` works alone
                   """) {
            $0.mail.relayURL = $1.text
        },
        Option("mail-from", .value(valueName: "address"), default: .shown { $0.mail.fromAddress },
               help: "The sender address of every message; its domain ends each Message-ID",
               readme: "the `From` address of every message, and the domain of each `Message-ID`: one the relay may send from") {
            let address = EmailAddress.normalize($1.text)
            guard EmailRule.isPlausible(address) else { throw OptionRefusal("'\($1.text)' is not an email address") }
            $0.mail.fromAddress = address
        },
        Option("smtp-timeout", default: .shown { "\(Int($0.mail.timeout))" },
               help: "Seconds each step of the SMTP dialogue may take before the attempt counts as a temporary failure",
               readme: "seconds for the connection and for each reply of the relay; past it the attempt is a temporary failure, retried") {
            $0.mail.timeout = TimeInterval(try $1.integer(in: 1...300))
            // A lease outlives one attempt: connect and every reply of a dialogue of about ten steps.
            $0.mail.delivery.leaseDuration = $0.mail.timeout * 12
        },
        Option("smtp-retry-seconds", default: .shown { "\(Int($0.mail.delivery.retryBase))" },
               help: "Seconds before the first retry of a message the relay refused for now; doubled at each retry, up to an hour",
               readme: "wait after a temporary failure (4xx, refused connection, timeout), doubled at each further one up to an hour; 8 attempts, then `failed`") {
            $0.mail.delivery.retryBase = TimeInterval(try $1.integer(in: 1...86_400))
        },
        Option("unverified-user-days", default: .shown { "\(Int($0.identityPolicy.unverifiedLifetime / 86_400))" },
               help: "Days an account that never verified its email is kept; then it is removed and its claim on the address freed",
               readme: """
                   an account that never entered the code mailed to its address is removed after this many days, with what it \
                   created, and stops claiming the address (never one whose accounts hold a ledger row)
                   """) {
            $0.identityPolicy.unverifiedLifetime = TimeInterval(try $1.integer(in: 1...365)) * 86_400
        },
    ]

    /// A limit of the HTTP server, a whole number in `range`.
    private static func limit(
        _ flag: String, _ field: any WritableKeyPath<HTTPServerConfiguration, Int> & Sendable, _ range: ClosedRange<Int>, default described: String? = nil,
        help: String, readme: String
    ) -> Option {
        Option(flag, default: described.map { .described($0) } ?? .shown { "\($0.server[keyPath: field])" }, help: help, readme: readme) {
            $0.server[keyPath: field] = try $1.integer(in: range)
        }
    }

    /// A limit that 0 turns off (nil): a per-user rate per minute, a per-user quota.
    private static func optionalLimit(
        _ flag: String, _ field: any WritableKeyPath<AppConfiguration, Int?> & Sendable, help: String, readme: String
    ) -> Option {
        Option(flag, default: .shown { "\($0[keyPath: field] ?? 0)" }, help: help, readme: readme) {
            let limit = try $1.integer(in: 0...100_000_000)
            $0[keyPath: field] = limit == 0 ? nil : limit
        }
    }

    /// A timeout of the HTTP server, in seconds, more than 0 and at most a day.
    /// A duration option's value as a `TimeInterval`, fractions kept (`--access-token-minutes 0.05`).
    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func timeout(_ flag: String, _ field: any WritableKeyPath<HTTPServerConfiguration, Duration> & Sendable, help: String, readme: String) -> Option {
        Option(flag, default: .shown { secondsText($0.server[keyPath: field]) }, help: help, readme: readme) {
            $0.server[keyPath: field] = try $1.duration()
        }
    }

    /// What shipping at `speed` costs orders, in minor units.
    private static func shippingCost(_ flag: String, _ speed: ShipmentSpeed, help: String, readme: String) -> Option {
        Option(flag, default: .shown { "\($0.orderPolicy.shippingCost(speed).minor)" }, help: help, readme: readme) {
            var costs = $0.orderPolicy.shippingCosts
            costs[speed] = Int64(try $1.integer(in: 0...Int(Product.maximumPriceMinor)))
            $0.orderPolicy = try OrderPolicy(taxRateBasisPoints: $0.orderPolicy.taxRateBasisPoints, shippingCosts: costs, currency: $0.orderPolicy.currency)
        }
    }
}
