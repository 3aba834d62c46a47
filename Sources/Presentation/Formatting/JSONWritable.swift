/// A view model that can write itself as JSON without `JSONEncoder`.
public protocol JSONWritable {
    func write(to output: inout JSONOutput)
}
