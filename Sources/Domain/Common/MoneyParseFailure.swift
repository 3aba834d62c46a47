/// Why a decimal string is not an amount of a currency.
public enum MoneyParseFailure: Error, Equatable, Sendable {
    /// Not plain digits with at most one decimal point between digits (no sign, exponent,
    /// space, grouping or empty part).
    case format
    /// More decimals than the currency's minor unit has (`"1.234"` for CAD); carries the allowed count.
    case tooManyDecimals(allowed: Int)
    /// Larger than 64-bit minor units can hold.
    case overflow
}
