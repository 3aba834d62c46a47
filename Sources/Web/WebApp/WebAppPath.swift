/// The file a path under `/app/` names, read from the raw request path.
///
/// The files are looked up in a fixed table, never on disk, so no path can reach outside the
/// folder; this still refuses anything that looks like an attempt (`..`, `.`, empty segments,
/// backslashes, control bytes, any percent-encoding), so such a request is a 404 whatever the
/// table holds. The client's own names need none of these.
enum WebAppPath {
    static let prefix = "/app/"

    /// The path relative to `/app/` (`""` for the folder itself), or nil when it is refused.
    static func relative(_ rawPath: String) -> String? {
        guard rawPath.hasPrefix(prefix) else { return nil }
        let rest = rawPath.dropFirst(prefix.count)
        if rest.isEmpty { return "" }
        for byte in rest.utf8 {
            let allowed = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")
            guard allowed else { return nil }
        }
        for segment in rest.split(separator: "/", omittingEmptySubsequences: false) {
            guard !segment.isEmpty, !segment.hasPrefix(".") else { return nil }
        }
        return String(rest)
    }
}
