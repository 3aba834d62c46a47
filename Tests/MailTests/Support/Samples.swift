import Foundation
import Mail

/// Messages the tests send, each a variation of one verification mail.
enum Samples {
    /// 2026-11-27T13:18:05Z, a Friday.
    static let date = Date(timeIntervalSince1970: 1_795_785_485)

    /// A plain English message.
    static func mail(
        subject: String = "Verify your address", body: String = "Hello,\nyour code is 123456.\n", fromName: String? = "Viperd",
        from: String = "noreply@viperd.example", to: String = "ada@example.com", messageID: String = "m_123@viperd.example",
        language: String = "en", date: Date = Samples.date
    ) -> OutgoingMail {
        OutgoingMail(
            from: from, fromName: fromName, to: to, subject: subject, body: body, messageID: messageID, date: date,
            language: language)
    }

    /// The message's lines, split at CRLF (the last, after the final CRLF, is empty).
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
                lines.append([])
                index += 2
            } else {
                lines[lines.count - 1].append(bytes[index])
                index += 1
            }
        }
        return lines
    }

    /// The header block as text lines (up to the blank line).
    static func headerLines(_ bytes: [UInt8]) -> [String] {
        Array(lines(bytes).prefix { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) })
    }
}
