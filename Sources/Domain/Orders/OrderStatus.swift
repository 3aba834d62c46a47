/// Where an order is in its life; the raw values are the API's and storage's spelling.
public enum OrderStatus: String, Sendable, CaseIterable {
    case placed
    case cancelled
}
