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
            .init(headers: .init(xRequestID: "r-1"), body: .applicationProblemJson(stale)))
        #expect(throws: ViperdProblem(stale)) {
            _ = try ViperdProblem.expect(output) { try $0.ok.body.json }
        }
        let problem = ViperdProblem(stale)
        #expect(problem.status == 412 && problem.code == "precondition_failed" && problem.requestID == "r-1")
        #expect(problem.errors.map(\.parameter) == ["If-Match"])
    }

    @Test("an undocumented status becomes a problem naming the status")
    func undocumentedStatus() throws {
        let output = Operations.UpdateContact.Output.undocumented(statusCode: 431, .init())
        let problem = try #require(ViperdProblem(output: output))
        #expect(problem.status == 431 && problem.code == "undocumented_response")
    }

    @Test("the expected case is returned untouched")
    func success() throws {
        let output = Operations.Logout.Output.noContent(.init(headers: .init(xRequestID: "r-2")))
        let noContent = try ViperdProblem.expect(output) { try $0.noContent }
        #expect(noContent.headers.xRequestID == "r-2")
        #expect(ViperdProblem(output: output) == nil)
    }
}
