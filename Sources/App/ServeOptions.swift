import Domain
import HTTPServer
import SQLiteGateway
import Web

/// The `viperd serve` options as given on the command line (nil = not given).
///
/// Each falls back to an environment variable named after it (`--idle-timeout` →
/// `VIPERD_IDLE_TIMEOUT`), then to the default; a flag always wins.
public struct ServeOptions: Sendable {
    public var host: String?
    public var port: Int?
    public var db: String?
    /// `--database-url`: a PostgreSQL server instead of the SQLite file (`db`).
    public var databaseURL: String?
    public var workers: Int?
    public var writeWorkers: Int?
    public var headerTimeout: Double?
    public var bodyTimeout: Double?
    public var idleTimeout: Double?
    public var writeTimeout: Double?
    public var maxBodyBytes: Int?
    public var maxHeaderBytes: Int?
    public var maxHeaderCount: Int?
    public var maxConnections: Int?
    public var maxConnectionsPerAddress: Int?
    public var maxRequestsPerConnection: Int?
    /// `--max-registrations-per-address`: per hour; 0 = no limit.
    public var maxRegistrationsPerAddress: Int?
    /// `--password-hash-concurrency`: scrypt hashes computed at once.
    public var passwordHashConcurrency: Int?
    public var shutdownTimeout: Double?
    public var sqliteSynchronous: String?
    /// `--sqlite-group-commit on|off`.
    public var sqliteGroupCommit: String?
    public var autoMigrate: Bool?
    public var tokenLifetimeDays: Double?
    /// Order tax in basis points (1300 = 13 %).
    public var taxRateBps: Int?
    /// Shipping costs in minor units of the order currency (cents).
    public var shippingCostStandard: Int?
    public var shippingCostTwoDay: Int?
    public var shippingCostOneDay: Int?
    /// `--trusted-proxy`, repeatable; empty = not given (then `VIPERD_TRUSTED_PROXY`, comma-separated).
    public var trustedProxies: [String] = []
    /// `--cors-origin`, repeatable; empty = not given (then `VIPERD_CORS_ORIGIN`, comma-separated).
    public var corsOrigins: [String] = []
    /// `--default-currency`: the ISO 4217 code of every new user's first account.
    public var defaultCurrency: String?
    /// `--public-report-account`: the account id served without a token by the report clients' routes.
    public var publicReportAccount: String?
    /// `--web-app on|off`: serve the web client at `/app/`.
    public var webApp: String?

    public init() {}

    /// Why a value could not be used; the message names the flag and the variable.
    public struct InvalidValue: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The configuration these options, the environment and the defaults give.
    public func resolve(environment: [String: String]) throws -> AppConfiguration {
        var resolver = Resolver(environment: environment)
        var configuration = AppConfiguration()
        var server = configuration.server
        server.host = try resolver.string(host, "host", default: server.host)
        server.port = try resolver.int(port, "port", default: server.port, range: 0...65535)
        do {
            switch try StorageLocation.resolve(db: db, databaseURL: databaseURL, environment: environment, defaultPath: configuration.databasePath) {
            case .sqlite(let path): configuration.databasePath = path
            case .postgres(let url): configuration.databaseURL = url
            }
        } catch let conflict as StorageLocation.Conflict {
            throw InvalidValue(description: conflict.description)
        }
        server.workerCount = try resolver.int(workers, "workers", default: server.workerCount, range: 1...1024)
        server.writeWorkerCount = try resolver.int(writeWorkers, "write-workers", default: server.writeWorkerCount, range: 1...1024)
        server.headerTimeout = try resolver.seconds(headerTimeout, "header-timeout", default: server.headerTimeout)
        server.bodyTimeout = try resolver.seconds(bodyTimeout, "body-timeout", default: server.bodyTimeout)
        server.idleTimeout = try resolver.seconds(idleTimeout, "idle-timeout", default: server.idleTimeout)
        server.writeTimeout = try resolver.seconds(writeTimeout, "write-timeout", default: server.writeTimeout)
        server.maxBodyBytes = try resolver.int(maxBodyBytes, "max-body-bytes", default: server.maxBodyBytes, range: 0...(1 << 40))
        server.maxHeaderBytes = try resolver.int(maxHeaderBytes, "max-header-bytes", default: server.maxHeaderBytes, range: 64...(1 << 24))
        server.maxHeaderCount = try resolver.int(maxHeaderCount, "max-header-count", default: server.maxHeaderCount, range: 1...100_000)
        server.maxConnections = try resolver.int(maxConnections, "max-connections", default: server.maxConnections, range: 1...1_000_000)
        server.maxConnectionsPerAddress = try resolver.int(
            maxConnectionsPerAddress, "max-connections-per-address", default: server.maxConnectionsPerAddress, range: 0...1_000_000)
        server.maxRequestsPerConnection = try resolver.int(maxRequestsPerConnection, "max-requests-per-connection", default: server.maxRequestsPerConnection, range: 1...Int.max)
        server.shutdownTimeout = try resolver.seconds(shutdownTimeout, "shutdown-timeout", default: server.shutdownTimeout)
        configuration.server = server
        let synchronous = try resolver.string(sqliteSynchronous, "sqlite-synchronous", default: configuration.synchronous.rawValue)
        guard let mode = DatabaseConfiguration.Synchronous(rawValue: synchronous.lowercased()) else {
            throw resolver.invalid("sqlite-synchronous", "'\(synchronous)' is not one of full, normal, off")
        }
        configuration.synchronous = mode
        let groupCommit = try resolver.string(sqliteGroupCommit, "sqlite-group-commit", default: configuration.groupCommit ? "on" : "off")
        switch groupCommit.lowercased() {
        case "on", "true", "yes", "1": configuration.groupCommit = true
        case "off", "false", "no", "0": configuration.groupCommit = false
        default: throw resolver.invalid("sqlite-group-commit", "'\(groupCommit)' is not on or off")
        }
        configuration.autoMigrate = try resolver.bool(autoMigrate, "auto-migrate", default: configuration.autoMigrate)
        let webAppSwitch = try resolver.string(webApp, "web-app", default: configuration.webApp ? "on" : "off")
        switch webAppSwitch.lowercased() {
        case "on", "true", "yes", "1": configuration.webApp = true
        case "off", "false", "no", "0": configuration.webApp = false
        default: throw resolver.invalid("web-app", "'\(webAppSwitch)' is not on or off")
        }
        let registrations = try resolver.int(
            maxRegistrationsPerAddress, "max-registrations-per-address", default: configuration.maxRegistrationsPerAddress ?? 0, range: 0...1_000_000)
        configuration.maxRegistrationsPerAddress = registrations == 0 ? nil : registrations
        configuration.passwordHashConcurrency = try resolver.int(
            passwordHashConcurrency, "password-hash-concurrency", default: configuration.passwordHashConcurrency, range: 1...256)
        let lifetime = try resolver.seconds(
            tokenLifetimeDays.map { $0 * 86_400 }, "token-lifetime-days", default: .seconds(configuration.sessionPolicy.tokenLifetime),
            scale: 86_400, maximum: 3650 * 86_400)
        configuration.sessionPolicy = SessionPolicy(tokenLifetime: Double(lifetime.components.seconds))
        configuration.orderPolicy = try orderPolicy(&resolver, default: configuration.orderPolicy)
        do {
            configuration.trustedProxies = try TrustedProxies(ranges: resolver.list(trustedProxies, "trusted-proxy"))
        } catch {
            throw resolver.invalid("trusted-proxy", String(describing: error))
        }
        do {
            configuration.cors = try CORSPolicy(origins: resolver.list(corsOrigins, "cors-origin"))
        } catch {
            throw resolver.invalid("cors-origin", String(describing: error))
        }
        let currency = try resolver.string(defaultCurrency, "default-currency", default: configuration.accountPolicy.defaultCurrency.code)
        guard let known = Currency(code: currency) else {
            throw resolver.invalid("default-currency", "'\(currency)' is not an ISO 4217 currency code (upper case, e.g. CAD)")
        }
        configuration.accountPolicy.defaultCurrency = known
        if let account = publicReportAccount ?? resolver.raw("public-report-account"), !account.isEmpty {
            guard account.utf8.count <= 64,
                account.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2D })
            else {
                throw resolver.invalid("public-report-account", "'\(account)' is not an account id")
            }
            configuration.publicReportAccount = AccountID(account)
        }
        return configuration
    }

    /// Tax and shipping from their flags; each left out keeps its default.
    private func orderPolicy(_ resolver: inout Resolver, default fallback: OrderPolicy) throws -> OrderPolicy {
        let taxRate = try resolver.int(taxRateBps, "tax-rate-bps", default: Int(fallback.taxRateBasisPoints), range: 0...10_000)
        let costRange = 0...Int(Product.maximumPriceMinor)
        var costs: [ShipmentSpeed: Int64] = [:]
        for (speed, value, flag) in [
            (ShipmentSpeed.standard, shippingCostStandard, "shipping-cost-standard"), (.twoDay, shippingCostTwoDay, "shipping-cost-two-day"),
            (.oneDay, shippingCostOneDay, "shipping-cost-one-day"),
        ] {
            let fallbackCost = Int(fallback.shippingCost(speed).minor)
            costs[speed] = Int64(try resolver.int(value, flag, default: fallbackCost, range: costRange))
        }
        do {
            return try OrderPolicy(taxRateBasisPoints: Int64(taxRate), shippingCosts: costs, currency: fallback.currency)
        } catch {
            throw resolver.invalid("tax-rate-bps", "the order policy was refused: \(error)")
        }
    }

    /// `--idle-timeout` → `VIPERD_IDLE_TIMEOUT`.
    public static func environmentName(of flag: String) -> String {
        "VIPERD_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    private struct Resolver {
        let environment: [String: String]

        func raw(_ flag: String) -> String? {
            environment[ServeOptions.environmentName(of: flag)].map { $0.trimmingCharacters(in: .whitespaces) }
        }

        /// A repeatable flag's values, or else its variable's comma-separated ones.
        func list(_ values: [String], _ flag: String) -> [String] {
            guard values.isEmpty else { return values }
            return (raw(flag) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        mutating func string(_ value: String?, _ flag: String, default fallback: String) throws -> String {
            let chosen = value ?? raw(flag) ?? fallback
            guard !chosen.isEmpty else { throw invalid(flag, "must not be empty") }
            return chosen
        }

        mutating func int(_ value: Int?, _ flag: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
            var chosen = fallback
            if let value {
                chosen = value
            } else if let text = raw(flag) {
                guard let parsed = Int(text) else { throw invalid(flag, "'\(text)' is not a whole number") }
                chosen = parsed
            }
            guard range.contains(chosen) else {
                throw invalid(flag, "\(chosen) is outside \(range.lowerBound)...\(range.upperBound)")
            }
            return chosen
        }

        /// A duration given in seconds (or, with `scale`, in units of that many seconds).
        mutating func seconds(_ value: Double?, _ flag: String, default fallback: Duration, scale: Double = 1, maximum: Double = 86_400) throws -> Duration {
            var seconds: Double?
            if let value {
                seconds = value
            } else if let text = raw(flag) {
                guard let parsed = Double(text) else { throw invalid(flag, "'\(text)' is not a number") }
                seconds = parsed * scale
            }
            guard let seconds else { return fallback }
            guard seconds.isFinite, seconds > 0, seconds <= maximum else {
                throw invalid(flag, "\(seconds / scale) must be more than 0 and at most \(maximum / scale)")
            }
            // Cannot trap: finite, positive and at most `maximum` (3,650 days at most), so the
            // nanoseconds stay below 3.2 × 10^17, far inside Int64.
            return .nanoseconds(Int64((seconds * 1e9).rounded()))
        }

        mutating func bool(_ value: Bool?, _ flag: String, default fallback: Bool) throws -> Bool {
            if let value { return value }
            guard let text = raw(flag)?.lowercased() else { return fallback }
            switch text {
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off": return false
            default: throw invalid(flag, "'\(text)' is not true or false")
            }
        }

        func invalid(_ flag: String, _ reason: String) -> InvalidValue {
            InvalidValue(description: "--\(flag) (or \(ServeOptions.environmentName(of: flag))): \(reason)")
        }
    }
}

import Foundation
