import Foundation

/// Header text that is not plain printable ASCII, written as RFC 2047 encoded-words
/// (`=?utf-8?B?…?=`, base64): whatever it holds (accents, quotes, a `Bcc:`), what reaches the
/// header is base64 letters, so it can never end the line or start another header.
enum EncodedWords {
    /// Whether `text` may be written as it is in an unstructured header such as Subject:
    /// printable ASCII only, and no `=?` a reader could take for the start of an encoded-word.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) } && !text.contains("=?")
    }

    /// `text` as encoded-words of at most 75 characters each (RFC 2047's limit), split between
    /// Unicode scalars so each word decodes to whole characters; empty text gives none.
    static func words(_ text: String) -> [String] {
        // 45 bytes make 60 base64 characters: with `=?utf-8?B?` and `?=`, 72.
        let bytesPerWord = 45
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > bytesPerWord {
                words.append(word(chunk))
                chunk.removeAll(keepingCapacity: true)
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words
    }

    private static func word(_ bytes: [UInt8]) -> String {
        "=?utf-8?B?\(Data(bytes).base64EncodedString())?="
    }
}
