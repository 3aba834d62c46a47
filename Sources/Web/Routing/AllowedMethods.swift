import HTTPServer

/// The methods a resource answers, as an `Allow` value, with HEAD implied by GET.
enum AllowedMethods {
    static func header(_ methods: [HTTPMethod]) -> String {
        var names = methods.map(\.rawValue)
        if methods.contains(.get) && !methods.contains(.head) { names.append("HEAD") }
        names.append("OPTIONS")
        return names.joined(separator: ", ")
    }
}
