/// Why a `Money` computation has no answer.
public enum MoneyError: Error, Equatable, Sendable {
    /// The result does not fit in 64-bit minor units.
    case overflow
    /// The two amounts are in different currencies.
    case currencyMismatch(Currency, Currency)
}
