/// An amount of one currency in integer minor units (cents for CAD); never floating point.
///
/// Arithmetic reports overflow and mixed currencies as `MoneyError` instead of trapping, so a
/// hostile request can never crash the process.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public let minor: Int64
    public let currency: Currency

    public init(minor: Int64, currency: Currency) {
        self.minor = minor
        self.currency = currency
    }

    /// Zero of `currency`.
    public static func zero(_ currency: Currency) -> Money {
        Money(minor: 0, currency: currency)
    }

    /// `1234 CAD`: for logs and test failures; Presenters format for people.
    public var description: String { "\(minor) \(currency.code)" }

    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        let (sum, overflow) = minor.addingReportingOverflow(other.minor)
        guard !overflow else { throw .overflow }
        return Money(minor: sum, currency: currency)
    }

    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        let (difference, overflow) = minor.subtractingReportingOverflow(other.minor)
        guard !overflow else { throw .overflow }
        return Money(minor: difference, currency: currency)
    }

    public func multiplied(by factor: Int64) throws(MoneyError) -> Money {
        let (product, overflow) = minor.multipliedReportingOverflow(by: factor)
        guard !overflow else { throw .overflow }
        return Money(minor: product, currency: currency)
    }

    /// `basisPoints` / 10 000 of this amount, rounded half to even in minor units (banker's
    /// rounding: 0.5 goes to the even neighbour, so ties do not bias totals upward).
    ///
    /// Splitting the amount at 10 000 keeps every intermediate product small, so the only
    /// overflow possible is that of the result itself.
    public func portion(basisPoints: Int64) throws(MoneyError) -> Money {
        let denominator: Int64 = 10_000
        let magnitude = minor.magnitude
        let rate = basisPoints.magnitude
        let negative = (minor < 0) != (basisPoints < 0)
        let (whole, wholeOverflow) = (magnitude / UInt64(denominator)).multipliedReportingOverflow(by: rate)
        // rest < 10 000, so rest × rate fits unless the rate itself is astronomically large.
        let (restProduct, restOverflow) = (magnitude % UInt64(denominator)).multipliedReportingOverflow(by: rate)
        guard !wholeOverflow, !restOverflow else { throw .overflow }
        let (restQuotient, remainder) = restProduct.quotientAndRemainder(dividingBy: UInt64(denominator))
        let (truncated, sumOverflow) = whole.addingReportingOverflow(restQuotient)
        guard !sumOverflow else { throw .overflow }
        var quotient = truncated
        let twice = remainder * 2
        if twice > UInt64(denominator) || (twice == UInt64(denominator) && quotient % 2 == 1) {
            let (rounded, roundOverflow) = quotient.addingReportingOverflow(1)
            guard !roundOverflow else { throw .overflow }
            quotient = rounded
        }
        guard quotient <= UInt64(Int64.max) else { throw .overflow }
        let signed = Int64(quotient)
        return Money(minor: negative ? -signed : signed, currency: currency)
    }
}

extension Sequence where Element == Money {
    /// The sum of every amount, starting from zero of `currency`.
    public func sum(in currency: Currency) throws(MoneyError) -> Money {
        var total = Money.zero(currency)
        for amount in self {
            total = try total.adding(amount)
        }
        return total
    }
}
