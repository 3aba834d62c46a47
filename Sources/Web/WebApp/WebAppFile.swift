import WebClient

/// One file of the web client as served: its bytes, media type and entity tag, worked out once.
struct WebAppFile: Sendable {
    let bytes: [UInt8]
    let contentType: String
    /// A strong tag over the bytes, so a client that holds the file gets 304 after an upgrade
    /// changed nothing, and the new file when it did.
    let etag: String

    init(path: String, bytes: [UInt8]) {
        self.bytes = bytes
        self.contentType = Self.contentType(of: path)
        self.etag = "\"\(Self.fnv1a(bytes))\""
    }

    /// Every embedded file by its path under `/app/`.
    static let all: [String: WebAppFile] = Dictionary(
        uniqueKeysWithValues: WebClientFiles.files.map { ($0.path, WebAppFile(path: $0.path, bytes: $0.bytes)) })

    /// The media type by extension; only the kinds the client ships, anything else is bytes.
    static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }

    /// FNV-1a, 64 bits, in hex: enough to tell versions of a file apart (an entity tag is not a
    /// security check), and needs no crypto library in this module.
    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
