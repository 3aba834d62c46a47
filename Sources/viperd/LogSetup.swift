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

    /// How log lines look: swift-log's text, or one JSON object per line.
    enum Format: String, CaseIterable {
        case text
        case json
    }

    static func format(flag: String?, environment: [String: String]) throws -> Format {
        let text = flag ?? environment["VIPERD_LOG_FORMAT"] ?? "text"
        guard let format = Format(rawValue: text.lowercased()) else {
            throw ValidationError("--log-format (or VIPERD_LOG_FORMAT): '\(text)' is not one of text, json")
        }
        return format
    }

    static func bootstrap(level: Logger.Level, format: Format = .text) {
        LoggingSystem.bootstrap { label in
            switch format {
            case .text:
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            case .json:
                var handler = JSONLogHandler(label: label)
                handler.logLevel = level
                return handler
            }
        }
    }

    static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
