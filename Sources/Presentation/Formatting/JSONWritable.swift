/// A view model that can write itself as JSON without `JSONEncoder`.
public protocol JSONWritable {
    /// Appends this value's JSON to `output`.
    func write(to output: inout JSONOutput)
}
