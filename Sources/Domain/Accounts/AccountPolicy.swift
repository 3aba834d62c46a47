/// The configured rules for accounts: what every new user's first account is, and how large a
/// banking report may be.
public struct AccountPolicy: Equatable, Sendable {
    /// The most transactions one banking report covers unless configured otherwise: about 7 MB
    /// of JSON, built in well under 100 MiB (docs/PERFORMANCE.md).
    public static let defaultMaximumReportRows = 100_000
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
