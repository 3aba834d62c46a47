import Foundation
import OpenAPIURLSession
import ViperdClient

extension Journey {
    /// Register (202, nothing handed back) and its weak-password refusal, login (and its
    /// refusal), me unverified; then, with the mailed code, a resend, the replaced code refused,
    /// verification, the resend refused, and a registration of the held address answered alike;
    /// a password reset asked for and a wrong reset code refused.
    func usersAndSessions() async throws {
        var accepted = ""
        try await step("register → 202, sign in next") {
            let output = try await client.registerUser(body: .json(.init(name: "Zoë Journey", email: email, password: password)))
            let taken = try expect("202", output) { try $0.accepted.body.json }
            try check(taken.email == email, "taken in for \(taken.email)")
            accepted = taken.detail
            return "202 \(taken.email): \(taken.detail)"
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
        try await step("me, not verified yet") {
            let me = try expect("200", try await client.showMe()) { try $0.ok.body.json }
            try check(me.name == "Zoë Journey" && me.email == email && !me.emailVerified,
                      "me is \(me.name) <\(me.email)>, verified \(me.emailVerified)")
            return "200 \(me.name) <\(me.email)>, emailVerified false"
        }
        if mailCodeCommand != nil {
            try await verification(accepted: accepted)
        } else {
            skip("verify the address", because: "no --mail-code command given")
        }
        try await step("ask for a password reset → 202") {
            let output = try await client.requestPasswordReset(body: .json(.init(email: email)))
            let taken = try expect("202", output) { try $0.accepted.body.json }
            return "202 \(taken.email)"
        }
        try await step("reset with a wrong code → 422 invalid_code") {
            // One chance in a million that the mailed code is this one; the session would then end.
            let output = try await client.confirmPasswordReset(
                body: .json(.init(email: email, code: "000000", newPassword: "journey-password-2")))
            let problem = try expect("422", output) { try $0.unprocessableContent.body.applicationProblemJson }
            try check(problem.code == "invalid_code", "code \(problem.code)")
            return "422 \(problem.code)"
        }
    }

    /// The mailed code's steps. Registration mailed code 1; the resend mails code 2 and retires 1.
    private func verification(accepted: String) async throws {
        try await step("send a new code → 202") {
            let taken = try expect("202", try await client.sendVerification()) { try $0.accepted.body.json }
            return "202 \(taken.email)"
        }
        try await step("verify with the replaced code → 422 invalid_code") {
            let output = try await client.verifyEmail(body: .json(.init(code: try mailedCode(1))))
            let problem = try expect("422", output) { try $0.unprocessableContent.body.applicationProblemJson }
            try check(problem.code == "invalid_code", "code \(problem.code)")
            return "422 \(problem.code): \(problem.detail)"
        }
        try await step("verify with the mailed code") {
            let output = try await client.verifyEmail(body: .json(.init(code: try mailedCode(2))))
            let user = try expect("200", output) { try $0.ok.body.json }
            try check(user.email == email && user.emailVerified, "\(user.email) verified \(user.emailVerified)")
            return "200 \(user.email), emailVerified true"
        }
        try await step("send a new code once verified → 409 already_verified") {
            let problem = try expect("409", try await client.sendVerification()) { try $0.conflict.body.applicationProblemJson }
            try check(problem.code == "already_verified", "code \(problem.code)")
            return "409 \(problem.code)"
        }
        try await step("register the held address again → the same 202") {
            let output = try await client.registerUser(body: .json(.init(name: "Zoë Again", email: email, password: "another-password-1")))
            let taken = try expect("202", output) { try $0.accepted.body.json }
            try check(taken.email == email && taken.detail == accepted, "answered \(taken.email): \(taken.detail)")
            return "202, word for word the first answer"
        }
    }

    /// The `number`th verification code mailed to `address` (the journey's own by default), as
    /// --mail-code prints it.
    func mailedCode(_ number: Int, to address: String? = nil) throws -> String {
        guard let mailCodeCommand else { throw JourneyFailure("no --mail-code command given") }
        let address = address ?? email
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mailCodeCommand)
        process.arguments = [address, String(number)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try check(process.terminationStatus == 0, "\(mailCodeCommand) \(address) \(number) exited with \(process.terminationStatus)")
        let code = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        try check(code.count == 6 && code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber), "\(mailCodeCommand) printed \(code)")
        return code
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
