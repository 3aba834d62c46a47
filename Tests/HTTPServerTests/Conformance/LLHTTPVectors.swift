import Foundation
import Testing

/// The llhttp request vectors vendored in `Tests/Conformance/llhttp-request-vectors`, loaded by
/// the replay rules of that folder's README.
struct LLHTTPVector: CustomTestStringConvertible, Sendable {
    let file: String
    let name: String
    let bytes: [UInt8]
    /// llhttp rejects the input (its log has ` error code=`).
    let rejected: Bool
    /// llhttp's reason for the rejection.
    let rejectionReason: String?
    /// `message complete` lines in llhttp's log.
    let messages: Int

    var testDescription: String { "\(file): \(name)" }

    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Conformance
        .deletingLastPathComponent()  // HTTPServerTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Conformance/llhttp-request-vectors")

    static func loadAll() -> [LLHTTPVector] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted().flatMap { file -> [LLHTTPVector] in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { return [] }
            return parse(text, file: file)
        }
    }

    static func parse(_ text: String, file: String) -> [LLHTTPVector] {
        var vectors: [LLHTTPVector] = []
        let lines = text.components(separatedBy: "\n")
        var heading = ""
        var meta: [String: Any]?
        var index = 0
        var httpBlock: [String]?
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("#") {
                heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("<!-- meta=") {
                let json = line.dropFirst("<!-- meta=".count).replacingOccurrences(of: "-->", with: "")
                meta = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
                httpBlock = nil
            } else if line.hasPrefix("```http"), meta != nil {
                var block: [String] = []
                index += 1
                while index < lines.count, lines[index] != "```" {
                    block.append(lines[index])
                    index += 1
                }
                httpBlock = block
            } else if line.hasPrefix("```log"), let block = httpBlock, let currentMeta = meta {
                var log: [String] = []
                index += 1
                while index < lines.count, lines[index] != "```" {
                    log.append(lines[index])
                    index += 1
                }
                let type = currentMeta["type"] as? String
                if type == "request", currentMeta["pause"] == nil, currentMeta["skipBody"] == nil {
                    vectors.append(LLHTTPVector(
                        file: file, name: heading, bytes: rawBytes(block),
                        rejected: log.contains { $0.contains(" error code=") },
                        rejectionReason: log.first { $0.contains(" error code=") }.flatMap { line in
                            line.range(of: "reason=").map { String(line[$0.upperBound...]) }
                        },
                        messages: log.filter { $0.contains("message complete") }.count))
                }
                meta = nil
                httpBlock = nil
            }
            index += 1
        }
        return vectors
    }

    /// The block's lines joined by CRLF (backslash-newline continuations joined first), then
    /// `\r \n \t \f \xHH \NNN` expanded. (The block already lacks its final newline.)
    static func rawBytes(_ block: [String]) -> [UInt8] {
        var joined = ""
        var first = true
        var continuing = false
        for line in block {
            if !first && !continuing { joined += "\r\n" }
            first = false
            if line.hasSuffix("\\") {
                joined += line.dropLast()
                continuing = true
            } else {
                joined += line
                continuing = false
            }
        }
        var out: [UInt8] = []
        let source = Array(joined.utf8)
        var i = 0
        func isOctal(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x37 }
        while i < source.count {
            let byte = source[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < source.count else {
                out.append(byte)
                i += 1
                continue
            }
            let next = source[i + 1]
            switch next {
            case UInt8(ascii: "r"): out.append(13); i += 2
            case UInt8(ascii: "n"): out.append(10); i += 2
            case UInt8(ascii: "t"): out.append(9); i += 2
            case UInt8(ascii: "f"): out.append(12); i += 2
            case UInt8(ascii: "x") where i + 3 < source.count:
                let hex = String(decoding: source[(i + 2)...(i + 3)], as: UTF8.self)
                if let value = UInt8(hex, radix: 16) {
                    out.append(value)
                    i += 4
                } else {
                    out.append(byte)
                    i += 1
                }
            case _ where isOctal(next):
                var digits = 0
                var value = 0
                var j = i + 1
                while j < source.count, digits < 3, isOctal(source[j]) {
                    value = value * 8 + Int(source[j] - 0x30)
                    j += 1
                    digits += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
                i = j
            default:
                out.append(byte)
                i += 1
            }
        }
        return out
    }
}

