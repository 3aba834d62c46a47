import Domain

/// Money for people, in the client's language: integer arithmetic on minor units only.
///
/// English puts the symbol first (`$12.34`, `-€1,234.50`, `¥1234`), French after the number
/// (`12,34 $`, `-1 234,50 €`). CAD, EUR, GBP and JPY have symbols, USD is `US$` (en) / `$ US`
/// (fr) so it is never mistaken for the default CAD; every other currency is written with its
/// code after the number (`12.345 KWD`, `12,345 KWD`). Thousands are grouped (`,` in en, a
/// no-break space in fr) except in zero-digit currencies below 10 000, as CLDR does not group
/// them either. French spaces are U+00A0, as Canadian French typography has them, so an amount
/// never breaks across lines.
public enum MoneyFormatting {
    static let noBreakSpace = "\u{00A0}"

    public static func format(_ money: Money, language: Language) -> String {
        let number = Self.number(money.minor.magnitude, digits: money.currency.minorUnitDigits, language: language)
        let sign = money.minor < 0 ? "-" : ""
        switch (symbol(money.currency, language: language), language) {
        case (let symbol?, .en): return sign + symbol + number
        case (let symbol?, .fr): return sign + number + noBreakSpace + symbol
        case (nil, _): return sign + number + noBreakSpace + money.currency.code
        }
    }

    /// The unsigned amount with the currency's decimals, e.g. `1,234.56` / `1 234,56`.
    static func number(_ magnitude: UInt64, digits: Int, language: Language) -> String {
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: scale)
        let grouped = group(String(whole), separator: language == .fr ? noBreakSpace : ",", skipShort: digits == 0)
        guard digits > 0 else { return grouped }
        let decimals = String(fraction)
        return grouped + (language == .fr ? "," : ".") + String(repeating: "0", count: digits - decimals.count) + decimals
    }

    private static func group(_ digits: String, separator: String, skipShort: Bool) -> String {
        guard digits.count > (skipShort ? 4 : 3) else { return digits }
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += separator }
            result.append(character)
        }
        return result
    }

    private static func symbol(_ currency: Currency, language: Language) -> String? {
        switch currency.code {
        case "CAD": "$"
        case "EUR": "€"
        case "GBP": "£"
        case "JPY": "¥"
        case "USD": language == .fr ? "$" + noBreakSpace + "US" : "US$"
        default: nil
        }
    }
}
