import Foundation
import OpenAPIURLSession
import ViperdClient

extension Journey {
    /// Money that waits for its payee: the user pays a contact whose address nobody has verified
    /// (held: `available` drops, `balance` does not), pays it again and cancels that one; a second
    /// user registers with the address, verifies it, finds the money among their incoming
    /// transfers and claims it, the sender sees it completed, and the cancelled one is refused
    /// with the 409 an app branches on.
    func pendingTransfers() async throws {
        guard funded, mailCodeCommand != nil else {
            skip("pending transfers", because: "they need both --fund and --mail-code")
            return
        }
        let payeeEmail = "payee-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        var contactID = ""
        try await step("a contact whose address nobody has verified") {
            let output = try await client.createContact(
                body: .json(.init(firstName: "Paula", lastName: "Payee", email: payeeEmail)))
            let contact = try expect("201", output) { try $0.created.body.json }
            contactID = contact.id
            return "201 \(contact.contactName) <\(payeeEmail)>"
        }
        // The main account before anything is held: its balance, pending and available.
        var before: (balance: Int64, pending: Int64, available: Int64) = (0, 0, 0)
        var heldID = ""
        try await step("pay that contact → pending: available dropped, balance did not") {
            let account = try await mainAccount()
            before = (account.balance.minor, account.pending.minor, account.available.minor)
            let sent = try await pay(contactID, "12.00")
            heldID = sent.id
            try check(sent.recipient.email == payeeEmail && sent.toAccountId == nil, "\(sent.recipient), to \(sent.toAccountId ?? "nil")")
            let held = try await mainAccount()
            try check(held.available.minor == before.available - 1_200 && held.balance.minor == before.balance
                          && held.pending.minor == before.pending + 1_200,
                      "available \(held.available.formatted), balance \(held.balance.formatted), pending \(held.pending.formatted)")
            return "201 \(sent.statusText); available \(held.available.formatted), balance \(held.balance.formatted)"
        }
        // Paid again before anyone verifies the address: once someone has, the contact is paid at once.
        var cancelledID = ""
        try await step("pay it again, then cancel that one → cancelled by the sender, its hold released") {
            let sent = try await pay(contactID, "5.00")
            cancelledID = sent.id
            let output = try await client.cancelTransfer(path: .init(id: sent.id))
            let cancelled = try expect("200", output) { try $0.ok.body.json }
            try check(cancelled.status == .cancelled && cancelled.cancelledBy == .sender,
                      "\(cancelled.status) by \(cancelled.cancelledBy?.rawValue ?? "nil")")
            let account = try await mainAccount()
            try check(account.available.minor == before.available - 1_200, "available \(account.available.formatted)")
            return "200 \(cancelled.statusText); available \(account.available.formatted)"
        }

        let payeeTokens = TokenStore()
        let payeeAuthorization = BearerTokenMiddleware(tokens: payeeTokens)
        let payee = Client(
            serverURL: serverURL, transport: URLSessionTransport(),
            middlewares: [payeeAuthorization, IdempotencyKeyMiddleware()])
        try await step("a second user registers with that address and verifies it") {
            let password = "payee-password-1"
            let output = try await payee.registerUser(body: .json(.init(name: "Paula Payee", email: payeeEmail, password: password)))
            _ = try expect("202", output) { try $0.accepted.body.json }
            let session = try expect("201", try await payee.login(body: .json(.init(email: payeeEmail, password: password)))) {
                try $0.created.body.json
            }
            payeeTokens.set(token: session.token, refreshToken: session.refreshToken)
            let code = try mailedCode(1, to: payeeEmail)
            let user = try expect("200", try await payee.verifyEmail(body: .json(.init(code: code)))) { try $0.ok.body.json }
            try check(user.emailVerified, "not verified")
            return "202, 201, 200 \(user.email) verified"
        }
        try await step("the payee lists incoming money → the pending one, not the cancelled one") {
            let page = try expect("200", try await payee.listIncomingTransfers()) { try $0.ok.body.json }
            try check(page.items.map(\.id) == [heldID], "incoming \(page.items.map(\.id)), held \(heldID)")
            let item = page.items[0]
            try check(item.status == .pending && item.amount.minor == 1_200 && item.senderName == "Zoë Journey",
                      "\(item.status) \(item.amount.formatted) from \(item.senderName)")
            return "200 \(item.amount.formatted): \(item.statusText)"
        }
        var payeeAccountID = ""
        try await step("the payee claims it into their account → completed") {
            let accounts = try expect("200", try await payee.listAccounts()) { try $0.ok.body.json }
            guard let first = accounts.items.first else { throw JourneyFailure("the payee has no account") }
            payeeAccountID = first.id
            self.payee = Payee(client: payee, authorization: payeeAuthorization, contactID: contactID, accountID: first.id)
            let output = try await payee.claimTransfer(path: .init(id: heldID), body: .json(.init(toAccountId: first.id)))
            let claimed = try expect("200", output) { try $0.ok.body.json }
            try check(claimed.status == .completed && claimed.toAccountId == first.id, "\(claimed.status) into \(claimed.toAccountId ?? "nil")")
            let credited = try expect("200", try await payee.getAccount(path: .init(id: first.id))) { try $0.ok.body.json }
            try check(credited.balance.minor == 1_200, "the payee's balance is \(credited.balance.formatted)")
            return "200 \(claimed.statusText) into \(first.name), balance \(credited.balance.formatted)"
        }
        try await step("the sender sees it completed: balance debited, nothing held") {
            let shown = try expect("200", try await client.getTransfer(path: .init(id: heldID))) { try $0.ok.body.json }
            try check(shown.status == .completed && shown.toAccountId == payeeAccountID, "\(shown.status) into \(shown.toAccountId ?? "nil")")
            let account = try await mainAccount()
            try check(account.balance.minor == before.balance - 1_200 && account.pending.minor == before.pending,
                      "balance \(account.balance.formatted), pending \(account.pending.formatted)")
            return "200 \(shown.statusText); balance \(account.balance.formatted)"
        }
        try await step("the payee claims the cancelled one → 409 transfer_cancelled") {
            let output = try await payee.claimTransfer(path: .init(id: cancelledID), body: .json(.init(toAccountId: payeeAccountID)))
            // What an app does: take the success or catch the problem as a ViperdProblem.
            do {
                let claimed = try ViperdProblem.expect(output) { try $0.ok.body.json }
                throw JourneyFailure("claimed: \(claimed.status)")
            } catch let problem as ViperdProblem {
                try check(problem.status == 409 && problem.code == "transfer_cancelled", "\(problem)")
                return "409 \(problem.code): \(problem.detail)"
            }
        }
    }

    /// Pays the journey's contact from the main account; the answer must be a 201 `pending`.
    private func pay(_ contactID: String, _ amount: String) async throws -> Components.Schemas.Transfer {
        let output = try await client.createTransfer(
            body: .json(.init(fromAccountId: mainAccountID, toContactId: contactID, amount: amount)))
        let sent = try expect("201", output) { try $0.created.body.json }
        try check(sent.status == .pending && sent.expiresAt != nil, "\(sent.status), expires \(String(describing: sent.expiresAt))")
        return sent
    }

    /// The main account as it is now.
    private func mainAccount() async throws -> Components.Schemas.Account {
        try expect("200", try await client.getAccount(path: .init(id: mainAccountID))) { try $0.ok.body.json }
    }
}
