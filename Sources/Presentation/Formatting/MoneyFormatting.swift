import Domain

/// Amounts as people read them in each language, from integer minor units only (no floating
/// point, so no rounding): `en` "$1,234.56", `fr` "1 234,56 $".
///
/// French separates thousands and puts the symbol after the amount with a no-break space
/// (U+00A0), as Canadian French typography does, so an amount never breaks across lines.
public enum MoneyFormatting {
    static let noBreakSpace = "\u{00A0}"

    public static func format(_ money: Money, language: Language) -> String {
        let digits = money.currency.minorUnitDigits
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let magnitude = money.minor.magnitude
        let whole = grouped(magnitude / scale, separator: language == .fr ? noBreakSpace : ",")
        var fraction = ""
        if digits > 0 {
            let text = String(magnitude % scale)
            fraction = String(repeating: "0", count: digits - text.count) + text
        }
        let sign = money.minor < 0 ? "-" : ""
        let symbol = symbol(of: money.currency, language: language)
        switch language {
        case .en: return sign + symbol + whole + (digits > 0 ? "." + fraction : "")
        case .fr: return sign + whole + (digits > 0 ? "," + fraction : "") + noBreakSpace + symbol
        }
    }

    /// The symbol Canadians read for each currency; its ISO code for any other.
    static func symbol(of currency: Currency, language: Language) -> String {
        switch (currency.code, language) {
        case ("CAD", _): "$"
        case ("USD", .en): "US$"
        case ("USD", .fr): "$" + noBreakSpace + "US"
        case ("EUR", _): "€"
        case ("GBP", _): "£"
        case ("JPY", _): "¥"
        default: currency.code
        }
    }

    /// `1234567` → `1,234,567`.
    private static func grouped(_ value: UInt64, separator: String) -> String {
        let text = String(value)
        var result = ""
        for (offset, character) in text.enumerated() {
            if offset > 0 && (text.count - offset) % 3 == 0 { result += separator }
            result.append(character)
        }
        return result
    }
}
