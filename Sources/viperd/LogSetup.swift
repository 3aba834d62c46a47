import App
import Logging

/// swift-log set-up for the CLI: one stream handler on stderr at the chosen level.
enum LogSetup {
    static func bootstrap(level: Logger.Level, format: LogFormat = .text) {
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
