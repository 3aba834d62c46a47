import Domain
import Foundation

/// Unix milliseconds, the storage form of every timestamp: the Domain's trap-free conversion.
public enum Milliseconds {
    /// `date` as whole milliseconds since 1970.
    @inlinable
    public static func from(_ date: Date) -> Int64 { UnixMilliseconds.from(date) }
    /// The date `milliseconds` after 1970.
    @inlinable
    public static func date(_ milliseconds: Int64) -> Date { UnixMilliseconds.date(milliseconds) }
}
