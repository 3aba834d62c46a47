/// The limits of transfers and their drafts.
public struct TransferPolicy: Equatable, Sendable {
    /// The longest memo, in Unicode code points (as SQLite's `length()` counts them).
    public var maximumMemoLength: Int
    /// How long a draft lives after its creation, in seconds; expired drafts are not found.
    public var draftLifetime: Double
    /// How long a pending transfer waits for its recipient, in seconds, before the upkeep
    /// expires it and the money is the sender's again (7 days, as a card authorization is held).
    public var holdLifetime: Double

    public init(maximumMemoLength: Int = 140, draftLifetime: Double = 24 * 60 * 60, holdLifetime: Double = 7 * 24 * 60 * 60) {
        self.maximumMemoLength = maximumMemoLength
        self.draftLifetime = draftLifetime
        self.holdLifetime = holdLifetime
    }
}
