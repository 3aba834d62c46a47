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
            tokens.token = session.token
            return "201, token until \(session.expiresAt)"
        }
        try await step("me") {
            let me = try expect("200", try await client.showMe()) { try $0.ok.body.json }
            try check(me.name == "Zoë Journey" && me.email == email, "me is \(me.name) <\(me.email)>")
            return "200 \(me.name) <\(me.email)>"
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
