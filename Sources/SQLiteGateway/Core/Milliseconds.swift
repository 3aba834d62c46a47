import Domain
import Foundation

/// Unix milliseconds, the storage form of every timestamp: the Domain's trap-free conversion.
enum Milliseconds {
    static func from(_ date: Date) -> Int64 { UnixMilliseconds.from(date) }
    static func date(_ milliseconds: Int64) -> Date { UnixMilliseconds.date(milliseconds) }
}
