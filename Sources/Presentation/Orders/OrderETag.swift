/// Strong entity tags made from an order's version: `"2"` once cancelled.
public enum OrderETag {
    public static func format(version: Int) -> String { "\"\(version)\"" }
}
