/// How `viperd serve` writes log lines.
public enum LogFormat: String, CaseIterable, Sendable {
    /// swift-log's text lines.
    case text
    /// One JSON object per line.
    case json
}
