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
    public var workers: Int?
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
    public var shutdownTimeout: Double?
    public var sqliteSynchronous: String?
    public var autoMigrate: Bool?
    public var tokenLifetimeDays: Double?
    /// `--trusted-proxy`, repeatable; empty = not given (then `VIPERD_TRUSTED_PROXY`, comma-separated).
    public var trustedProxies: [String] = []

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
        configuration.databasePath = try resolver.string(db, "db", default: configuration.databasePath)
        server.workerCount = try resolver.int(workers, "workers", default: server.workerCount, range: 1...1024)
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
        configuration.autoMigrate = try resolver.bool(autoMigrate, "auto-migrate", default: configuration.autoMigrate)
        let lifetime = try resolver.seconds(
            tokenLifetimeDays.map { $0 * 86_400 }, "token-lifetime-days", default: .seconds(configuration.sessionPolicy.tokenLifetime),
            scale: 86_400, maximum: 3650 * 86_400)
        configuration.sessionPolicy = SessionPolicy(tokenLifetime: Double(lifetime.components.seconds))
        let ranges = trustedProxies.isEmpty
            ? (resolver.raw("trusted-proxy") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            : trustedProxies
        do {
            configuration.trustedProxies = try TrustedProxies(ranges: ranges)
        } catch {
            throw resolver.invalid("trusted-proxy", String(describing: error))
        }
        return configuration
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
