/// The configured rules for accounts: what every new user's first account is, and how large a
/// banking report may be.
public struct AccountPolicy: Equatable, Sendable {
    /// The most transactions one banking report covers unless configured otherwise. The report
    /// is built whole in memory, about three times its body at the peak, and a body row can be
    /// ~480 bytes (a transfer named after a 100-emoji account): at this cap such a report peaks
    /// at 77 MiB of RSS, under the 100 MiB budget; 100,000 ordinary rows would peak at 62 MiB,
    /// but such rows at 190 MiB (docs/PERFORMANCE.md).
    public static let defaultMaximumReportRows = 25_000
    /// The longest account name, in Unicode code points (as SQLite's `length()` counts them).
    public static let maximumNameLength = 100

    /// The currency of the account every user gets at registration.
    public var defaultCurrency: Currency
    /// The name of that account.
    public var firstAccountName: String
    /// The most transactions a banking report's period may hold; a period holding more is
    /// refused before any row is read, so one request's cost has a bound whatever an account's
    /// history (cent transfers between one's own accounts write two rows each).
    public var maximumReportRows: Int

    public init(
        defaultCurrency: Currency = .cad, firstAccountName: String = "Main Account", maximumReportRows: Int = Self.defaultMaximumReportRows
    ) {
        self.defaultCurrency = defaultCurrency
        self.firstAccountName = firstAccountName
        self.maximumReportRows = maximumReportRows
    }
}
