/// Why a `from`/`to` pair of dates cannot be used.
public enum DateRangeFailure: Equatable, Sendable {
    /// `from` is a later day than `to`.
    case fromAfterTo
    /// More days (both ends included) than the report allows.
    case tooLong(maximumDays: Int)
}
