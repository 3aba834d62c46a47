import Domain

/// The report's own formats: dates as the report demo shows them and signed amounts without a
/// currency symbol.
public enum ReportFormatting {
    /// `Apr 01, 2016` in en, `01 avr. 2016` in fr: the API's one date format.
    public static func date(_ date: CalendarDate, language: Language) -> String { DateFormatting.date(date, language: language) }

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
