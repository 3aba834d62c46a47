import HTTPServer

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
