import Domain
import Foundation
import Logging
import Presentation

/// swift-log's records as JSON Lines on standard error (`--log-format json`): one object per
/// line, for log shippers that parse rather than grep.
///
/// Every line has `time` (RFC 3339, UTC, milliseconds), `level`, `message` and `label`; the
/// metadata follow as fields. The access log's `status`, `bytes` and `duration_ms` are numbers;
/// `request_id`, `method`, `path` and `remote` strings, as is any other metadata value.
struct JSONLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    let label: String

    /// Fields written as JSON numbers when their value is one.
    static let numericFields: Set<String> = ["status", "bytes", "duration_ms"]

    init(label: String) {
        self.label = label
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        Self.write(Self.line(time: Date(), level: event.level, message: "\(event.message)", label: label, metadata: merged))
    }

    static func line(time: Date, level: Logger.Level, message: String, label: String, metadata: Logger.Metadata) -> String {
        var line = "{\"time\":\(JSONText.quoted(Timestamp.formatWithMilliseconds(time))),\"level\":\(JSONText.quoted(level.rawValue)),\"message\":\(JSONText.quoted(message)),\"label\":\(JSONText.quoted(label))"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) where !["time", "level", "message", "label"].contains(key) {
            let text = "\(value)"
            let number = numericFields.contains(key) && Double(text).map(\.isFinite) == true
            line += ",\(JSONText.quoted(key)):\(number ? text : JSONText.quoted(text))"
        }
        return line + "}\n"
    }

    /// One `write(2)` per line where possible, so lines of concurrent threads never interleave.
    private static func write(_ line: String) {
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Glibc.write(2, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
