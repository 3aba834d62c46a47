/// What asking storage to cancel an order found.
public enum OrderCancellation: Equatable, Sendable {
    /// It was placed and is now cancelled, as stored.
    case cancelled(Order)
    /// Missing, or someone else's.
    case notFound
    /// It is not `placed`; nothing changed.
    case notPlaced(Order)
}
