/// The values a request path gave a template's parameters, by name.
public struct PathParameters: Equatable, Sendable {
    private let values: [String: String]

    init(_ values: [String: String]) { self.values = values }

    /// The value of a parameter the template declares; a name it does not declare reads as "",
    /// which no id format accepts.
    public subscript(name: String) -> String { values[name] ?? "" }
}
