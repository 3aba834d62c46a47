import Foundation

extension ViperdProblem {
    /// Returns what `success` reads from an operation's output, or throws the output's problem
    /// document as a `ViperdProblem` when the server answered anything else:
    ///
    ///     let contact = try ViperdProblem.expect(try await client.getContact(path: .init(id: id))) {
    ///         try $0.ok.body.json
    ///     }
    public static func expect<Output, Value>(_ output: Output, _ success: (Output) throws -> Value) throws -> Value {
        do {
            return try success(output)
        } catch {
            throw ViperdProblem(output: output) ?? error
        }
    }

    /// The problem document an operation's output carries (a documented error status, the
    /// `default` response or an undocumented status), or nil for an output without one.
    public init?(output: Any) {
        if let problem = Self.find(in: output, depth: 0) {
            self.init(problem)
            return
        }
        // `.undocumented(statusCode:_:)`: a status the document does not list; its body is not
        // read here (it may be a stream), so only the status is known.
        let mirror = Mirror(reflecting: output)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first,
            payload.label == "undocumented",
            let status = Mirror(reflecting: payload.value).children.first(where: { $0.label == "statusCode" })?.value as? Int
        else { return nil }
        self.init(
            type: "about:blank", title: "Undocumented response", status: status,
            detail: "The server answered \(status), which its OpenAPI document does not list for this operation.",
            code: "undocumented_response")
    }

    /// The first problem document nested in `value` (output enum → response → body enum).
    private static func find(in value: Any, depth: Int) -> Components.Schemas.Problem? {
        if let problem = value as? Components.Schemas.Problem { return problem }
        guard depth < 6 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let problem = find(in: child.value, depth: depth + 1) { return problem }
        }
        return nil
    }
}
