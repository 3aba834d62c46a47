/// How fast an order ships; the raw values are the API's and storage's spelling. Labels are
/// the Presenter's, costs the `OrderPolicy`'s.
public enum ShipmentSpeed: String, Sendable, CaseIterable {
    case standard
    case twoDay
    case oneDay
}
