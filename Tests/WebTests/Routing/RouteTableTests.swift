import HTTPServer
import Testing
@testable import Web

/// Routes are defined once: the table that matches requests and the route values that print
/// paths must tell the same story.
@Suite("route table")
struct RouteTableTests {
    /// Sample values for a template's parameters, one per parameter, in order.
    func sampleValues(_ template: PathTemplate) -> [String] {
        template.segments.compactMap { segment in
            if case .parameter(let name) = segment { return "x_\(name)" }
            return nil
        }
    }

    @Test("every endpoint's route prints the path it was matched from")
    func roundTrip() throws {
        #expect(!AppRoute.endpoints.isEmpty)
        for endpoint in AppRoute.endpoints {
            let path = endpoint.template.path(sampleValues(endpoint.template))
            let match = AppRouter.table.match(endpoint.method, PathSegments(path))
            guard case .route(let route, let template) = match else {
                Issue.record("\(endpoint.method) \(path) did not match a route")
                continue
            }
            #expect(template == endpoint.template, "\(endpoint.method) \(path) matched \(template)")
            #expect(route.path == path, "\(endpoint.method) \(endpoint.template) prints \(route.path)")
        }
    }

    @Test("no method and template is declared twice")
    func unique() {
        let keys = AppRoute.endpoints.map { "\($0.method) \($0.template)" }
        #expect(Set(keys).count == keys.count)
    }

    @Test("routes print their own paths, percent-encoding ids")
    func printing() {
        #expect(ContactsRoute.show(id: "c_1").path == "/v1/contacts/c_1")
        #expect(ContactsRoute.show(id: "a/b").path == "/v1/contacts/a%2Fb")
        #expect(AppRoute.signedIn(.contacts(.update(id: "x y"))).path == "/v1/contacts/x%20y")
        #expect(UsersRoute.SignedIn.me.path == "/v1/me")
    }

    @Test("a literal segment wins over a parameter, whatever the declaration order")
    func specificity() {
        let table = RouteTable<String>([
            Endpoint(.get, "/v1/things/{id}") { "thing \($0["id"])" },
            Endpoint(.get, "/v1/things/current") { _ in "current" },
        ])
        guard case .route(let route, _) = table.match(.get, PathSegments("/v1/things/current")) else {
            Issue.record("no match")
            return
        }
        #expect(route == "current")
        guard case .route(let other, _) = table.match(.get, PathSegments("/v1/things/42")) else {
            Issue.record("no match")
            return
        }
        #expect(other == "thing 42")
    }

    @Test("HEAD is served by GET; another method gets the path's methods; another shape matches nothing")
    func methods() {
        let table = RouteTable<String>([Endpoint(.get, "/a/{id}") { _ in "get" }, Endpoint(.delete, "/a/{id}") { _ in "delete" }])
        if case .route(let route, _) = table.match(.head, PathSegments("/a/1")) { #expect(route == "get") } else { Issue.record("HEAD") }
        if case .methodNotAllowed(let allow, let template) = table.match(.post, PathSegments("/a/1")) {
            #expect(allow == [.get, .delete])
            #expect(template.description == "/a/{id}")
        } else {
            Issue.record("POST")
        }
        if case .noMatch = table.match(.get, PathSegments("/a/1/b")) {} else { Issue.record("/a/1/b") }
        if case .noMatch = table.match(.get, PathSegments("/b/1")) {} else { Issue.record("/b/1") }
    }

    @Test("path parameters arrive percent-decoded")
    func decoding() {
        let table = RouteTable<String>([Endpoint(.get, "/a/{id}") { $0["id"] }])
        if case .route(let id, _) = table.match(.get, PathSegments("/a/x%2Fy%20z")) { #expect(id == "x/y z") } else { Issue.record("no match") }
    }
}
