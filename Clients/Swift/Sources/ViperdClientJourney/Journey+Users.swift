import OpenAPIURLSession
import ViperdClient

extension Journey {
    /// Register, the duplicate and weak-password refusals, login (and its refusal), me.
    func usersAndSessions() async throws {
        try await step("register") {
            let output = try await client.registerUser(body: .json(.init(name: "Zoë Journey", email: email, password: password)))
            let created = try expect("201", output) { try $0.created }
            let registration = try created.body.json
            try check(registration.user.email == email, "registered as \(registration.user.email)")
            tokens.token = registration.token
            return "201, user \(registration.user.id), Location \(created.headers.location)"
        }
        try await step("register again → 409 email_taken") {
            let output = try await client.registerUser(body: .json(.init(name: "Zoë Again", email: email, password: password)))
            let problem = try expect("409", output) { try $0.conflict.body.applicationProblemJson }
            try check(problem.code == "email_taken", "code \(problem.code)")
            return "409 \(problem.code)"
        }
        try await step("register with a weak password → 422 with field errors") {
            let output = try await client.registerUser(body: .json(.init(name: "Weak", email: "weak-\(email)", password: "short")))
            let problem = try expect("422", output) { try $0.unprocessableContent.body.applicationProblemJson }
            let pointers = (problem.errors ?? []).compactMap(\.pointer)
            try check(pointers.contains("/password"), "errors at \(pointers)")
            return "422 \(problem.code) at \(pointers.joined(separator: ", "))"
        }
        try await step("login with a wrong password → 401 invalid_credentials") {
            let output = try await client.login(body: .json(.init(email: email, password: "not-the-password")))
            let problem = try expect("401", output) { try $0.unauthorized.body.applicationProblemJson }
            try check(problem.code == "invalid_credentials", "code \(problem.code)")
            return "401 \(problem.code)"
        }
        try await step("login") {
            let output = try await client.login(body: .json(.init(email: email.uppercased(), password: password)))
            let session = try expect("201", output) { try $0.created.body.json }
            tokens.set(token: session.token, refreshToken: session.refreshToken)
            return "201, token until \(session.expiresAt), refresh token until \(session.refreshExpiresAt)"
        }
        try await step("me") {
            let me = try expect("200", try await client.showMe()) { try $0.ok.body.json }
            try check(me.name == "Zoë Journey" && me.email == email, "me is \(me.name) <\(me.email)>")
            return "200 \(me.name) <\(me.email)>"
        }
    }

    /// Silent refresh, the sessions list, a used refresh token, a password change that ends the
    /// other session, signing out everywhere.
    func sessions() async throws {
        try await step("an access token the server refuses is refreshed without the app noticing") {
            let before = tokens.refreshToken
            // What an expired access token looks like to the client: a 401 on an ordinary call.
            tokens.token = String(repeating: "A", count: 43)
            let me = try expect("200", try await client.showMe()) { try $0.ok.body.json }
            try check(tokens.refreshToken != before && tokens.token != String(repeating: "A", count: 43), "tokens not replaced")
            return "200 \(me.email) after one refresh"
        }
        let other = TokenStore()
        let second = Client(serverURL: serverURL, transport: URLSessionTransport(), middlewares: [BearerTokenMiddleware(tokens: other)])
        try await step("a second session, listed beside this one") {
            let session = try expect("201", try await second.login(body: .json(.init(email: email, password: password)))) { try $0.created.body.json }
            other.set(token: session.token, refreshToken: session.refreshToken)
            let list = try expect("200", try await client.listSessions()) { try $0.ok.body.json }
            try check(list.items.filter(\.current).count == 1 && list.items.count >= 2, "\(list.items.count) sessions")
            return "200, \(list.items.count) sessions, one current"
        }
        try await step("a used refresh token → 401 invalid_refresh_token, and its session ends") {
            guard let used = other.refreshToken else { throw JourneyFailure("no refresh token after login") }
            // Two refreshes: `used` is then two generations back, past what the grace window
            // (a lost answer's retry of the token just replaced) accepts.
            let next = try expect("200", try await second.refreshSession(body: .json(.init(refreshToken: used)))) { try $0.ok.body.json }
            _ = try expect("200", try await second.refreshSession(body: .json(.init(refreshToken: next.refreshToken)))) { try $0.ok.body.json }
            let problem = try expect("401", try await second.refreshSession(body: .json(.init(refreshToken: used)))) {
                try $0.unauthorized.body.applicationProblemJson
            }
            try check(problem.code == "invalid_refresh_token", "code \(problem.code)")
            return "401 \(problem.code)"
        }
        try await step("change password: a wrong current one → 422, the right one → 204 and the other session ends") {
            let third = try expect("201", try await second.login(body: .json(.init(email: email, password: password)))) { try $0.created.body.json }
            other.set(token: third.token, refreshToken: third.refreshToken)
            let wrong = try expect("422", try await client.changePassword(body: .json(.init(currentPassword: "not it", newPassword: "another-password-2")))) {
                try $0.unprocessableContent.body.applicationProblemJson
            }
            try check((wrong.errors ?? []).contains { $0.code == "wrong_password" }, "errors \(wrong.errors ?? [])")
            _ = try expect("204", try await client.changePassword(body: .json(.init(currentPassword: password, newPassword: "another-password-2")))) {
                try $0.noContent
            }
            _ = try expect("401", try await second.showMe()) { try $0.unauthorized }
            try check(other.token == nil, "the other session's tokens were kept")
            _ = try expect("200", try await client.showMe()) { try $0.ok }
            return "422 wrong_password, then 204; the other session is 401"
        }
    }

    /// Logout, then the old token is refused.
    func signOut() async throws {
        try await step("logout") {
            _ = try expect("204", try await client.logout()) { try $0.noContent }
            return "204"
        }
        try await step("me after logout → 401") {
            let problem = try expect("401", try await client.showMe()) { try $0.unauthorized.body.applicationProblemJson }
            tokens.token = nil
            return "401 \(problem.code)"
        }
    }
}
