/// The orders of a list page; the raw values are the API's `sort` spelling.
public enum OrderSort: String, Sendable, CaseIterable {
    case placedAtAscending = "placedAt"
    case placedAtDescending = "-placedAt"
    case orderTotalAscending = "orderTotal"
    case orderTotalDescending = "-orderTotal"

    /// Newer or bigger first.
    public var isDescending: Bool {
        self == .placedAtDescending || self == .orderTotalDescending
    }
}
