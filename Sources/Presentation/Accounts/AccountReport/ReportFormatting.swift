import Domain

/// The report's own formats: dates as the report demo shows them and signed amounts without a
/// currency symbol.
public enum ReportFormatting {
    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let frenchMonths = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]

    /// `Apr 01, 2016` in en, `01 avr. 2016` in fr.
    public static func date(_ date: CalendarDate, language: Language) -> String {
        let text = date.description
        let year = text.prefix(4)
        let day = text.suffix(2)
        switch language {
        case .en: return "\(englishMonths[date.month - 1]) \(day), \(year)"
        case .fr: return "\(day) \(frenchMonths[date.month - 1]) \(year)"
        }
    }

    /// `560.19` / `-12.00` in en, `560,19` / `-12,00` in fr: the currency's decimals, no grouping.
    public static func amount(_ money: Money, language: Language) -> String {
        var scale: UInt64 = 1
        for _ in 0..<money.currency.minorUnitDigits { scale *= 10 }
        let (whole, fraction) = money.minor.magnitude.quotientAndRemainder(dividingBy: scale)
        var text = (money.minor < 0 ? "-" : "") + String(whole)
        let digits = money.currency.minorUnitDigits
        if digits > 0 {
            let decimals = String(fraction)
            text += (language == .fr ? "," : ".") + String(repeating: "0", count: digits - decimals.count) + decimals
        }
        return text
    }
}
