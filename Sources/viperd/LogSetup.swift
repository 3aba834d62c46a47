import ArgumentParser
import Logging

/// swift-log set-up for the CLI: one stream handler on stderr at the chosen level.
enum LogSetup {
    static func level(flag: String?, environment: [String: String]) throws -> Logger.Level {
        let text = flag ?? environment["VIPERD_LOG_LEVEL"] ?? environment["LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw ValidationError("--log-level: '\(text)' is not one of trace, debug, info, notice, warning, error, critical")
        }
        return level
    }

    static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
