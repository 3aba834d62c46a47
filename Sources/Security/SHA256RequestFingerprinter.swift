import Crypto
import Domain

/// Fingerprints as lowercase hex SHA-256 of method, path and body, each preceded by its
/// length, so no shift of bytes between the parts can make two requests collide.
public struct SHA256RequestFingerprinter: RequestFingerprinter {
    public init() {}

    public func fingerprint(method: String, path: String, body: [UInt8]) -> String {
        var hasher = SHA256()
        for part in [Array(method.utf8), Array(path.utf8), body] {
            var length = UInt64(part.count).bigEndian
            withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
            hasher.update(data: part)
        }
        let hex = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in hasher.finalize() {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
