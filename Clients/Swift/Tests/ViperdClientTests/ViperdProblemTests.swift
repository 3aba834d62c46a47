import OpenAPIRuntime
import Testing
import ViperdClient

@Suite("ViperdProblem")
struct ViperdProblemTests {
    let stale = Components.Schemas.Problem(
        _type: "https://viperd.dev/problems/stale-etag", title: "Precondition failed", status: 412,
        detail: "The contact was changed since you read it", code: "stale_etag",
        errors: [.init(parameter: "If-Match", code: "invalid_if_match", detail: "Stale")], requestId: "r-1")

    @Test("a documented error output throws its problem document as a ViperdProblem")
    func documentedError() throws {
        let output = Operations.UpdateContact.Output.preconditionFailed(
            .init(headers: .init(xRequestID: "r-1", eTag: "\"2\""), body: .applicationProblemJson(stale)))
        #expect(throws: ViperdProblem(stale)) {
            _ = try ViperdProblem.expect(output) { try $0.ok.body.json }
        }
        let problem = ViperdProblem(stale)
        #expect(problem.status == 412 && problem.code == "stale_etag" && problem.requestID == "r-1")
        #expect(problem.errors.map(\.parameter) == ["If-Match"])
    }

    @Test("a status met only by the default response still throws its problem document")
    func defaultResponse() throws {
        let tooLarge = Components.Schemas.Problem(
            _type: "https://viperd.dev/problems/headers-too-large", title: "Request header fields too large", status: 431, detail: "Too large",
            code: "headers_too_large", requestId: "r-3")
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
