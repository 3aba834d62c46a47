import OpenAPIRuntime
import Testing
import ViperdClient

@Suite("ViperdProblem")
struct ViperdProblemTests {
    let stale = Components.Schemas.Problem(
        _type: "https://viperd.dev/problems/precondition-failed", title: "The contact has changed", status: 412,
        detail: "Fetch it again", code: "precondition_failed",
        errors: [.init(parameter: "If-Match", code: "stale", detail: "Stale")], requestId: "r-1")

    @Test("a documented error output throws its problem document as a ViperdProblem")
    func documentedError() throws {
        let output = Operations.UpdateContact.Output.preconditionFailed(
            .init(headers: .init(xRequestID: "r-1", eTag: "\"2\""), body: .applicationProblemJson(stale)))
        #expect(throws: ViperdProblem(stale)) {
            _ = try ViperdProblem.expect(output) { try $0.ok.body.json }
        }
        let problem = ViperdProblem(stale)
        #expect(problem.status == 412 && problem.code == "precondition_failed" && problem.requestID == "r-1")
        #expect(problem.errors.map(\.parameter) == ["If-Match"])
    }

    @Test("a status met only by the default response still throws its problem document")
    func defaultResponse() throws {
        let tooLarge = Components.Schemas.Problem(
            _type: "about:blank", title: "Header fields too large", status: 431, detail: "Too large",
            code: "header_fields_too_large", requestId: "r-3")
        let output = Operations.UpdateContact.Output.default(
            statusCode: 431, .init(headers: .init(xRequestID: "r-3"), body: .applicationProblemJson(tooLarge)))
        #expect(ViperdProblem(output: output) == ViperdProblem(tooLarge))
    }

    @Test("the expected case is returned untouched")
    func success() throws {
        let output = Operations.Logout.Output.noContent(.init(headers: .init(xRequestID: "r-2")))
        let noContent = try ViperdProblem.expect(output) { try $0.noContent }
        #expect(noContent.headers.xRequestID == "r-2")
        #expect(ViperdProblem(output: output) == nil)
    }
}
