import Foundation
import Logging

/// A log that keeps every line, for tests that prove what the server told its operator.
public final class LogRecorder: @unchecked Sendable {
    /// One line as it was logged.
    public struct Entry: Equatable {
        public let level: Logger.Level
        public let message: String
        public let metadata: [String: String]

        public init(level: Logger.Level, message: String, metadata: [String: String]) {
            self.level = level
            self.message = message
            self.metadata = metadata
        }
    }

    // Handlers may log from any thread; the lock keeps `stored` whole.
    private let lock = NSLock()
    private var stored: [Entry] = []

    /// Every line logged so far, in order.
    public var entries: [Entry] { lock.withLock { stored } }

    public init() {}

    /// A logger whose every line lands in `entries`, whatever its level.
    public var logger: Logger { Logger(label: "test") { _ in Handler(recorder: self) } }

    fileprivate func append(_ entry: Entry) { lock.withLock { stored.append(entry) } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            recorder.append(Entry(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
        }
    }
}
