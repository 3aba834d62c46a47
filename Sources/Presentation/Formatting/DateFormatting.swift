import Domain
import Foundation

/// Dates and instants for people, in the client's language: `Apr 01, 2016` / `01 avr. 2016`, and
/// instants in UTC with the minute, `Nov 22, 2026, 10:15 UTC` / `22 nov. 2026 à 10:15 UTC`.
///
/// Instants are written in UTC, not the reader's zone: the server does not know the zone, and a
/// label that names UTC cannot be misread, whereas a guessed local time could.
public enum DateFormatting {
    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let frenchMonths = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]

    /// `Apr 01, 2016` in en, `01 avr. 2016` in fr.
    public static func date(_ date: CalendarDate, language: Language) -> String {
        let text = date.description
        return day(year: text.prefix(4), month: date.month, day: text.suffix(2), language: language)
    }

    /// `Nov 22, 2026, 10:15 UTC` in en, `22 nov. 2026 à 10:15 UTC` in fr.
    public static func instant(_ instant: Date, language: Language) -> String {
        // The RFC 3339 text is already clamped to writable years, so slicing it cannot trap.
        let text = Array(Timestamp.format(instant))
        let month = Int(String(text[5...6])) ?? 1
        let dayText = day(year: String(text[0...3]), month: month, day: String(text[8...9]), language: language)
        let time = String(text[11...15])
        switch language {
        case .en: return "\(dayText), \(time) UTC"
        case .fr: return "\(dayText) à \(time) UTC"
        }
    }

    private static func day(year: some StringProtocol, month: Int, day: some StringProtocol, language: Language) -> String {
        let index = min(max(month, 1), 12) - 1
        switch language {
        case .en: return "\(englishMonths[index]) \(day), \(year)"
        case .fr: return "\(day) \(frenchMonths[index]) \(year)"
        }
    }
}
