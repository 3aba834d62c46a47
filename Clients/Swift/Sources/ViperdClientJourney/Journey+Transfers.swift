import Foundation
import ViperdClient

extension Journey {
    /// Transfers: one step with an Idempotency-Key and its replay, a refusal decoded as its typed
    /// case, the draft flow screen by screen, the history, and both legs in the accounts' transactions.
    func transfers() async throws {
        guard funded else {
            skip("transfers", because: "the main account has no money (no --fund command given)")
            return
        }
        var toAccountID = savingsAccountID
        try await step("pick a same-currency account to transfer to") {
            let main = try expect("200", try await client.getAccount(path: .init(id: mainAccountID))) { try $0.ok.body.json }
            let savings = try expect("200", try await client.getAccount(path: .init(id: savingsAccountID))) { try $0.ok.body.json }
            if main.currency == savings.currency {
                return "\(savings.name) is \(savings.currency) like \(main.name)"
            }
            // An internal transfer never converts: open an account in the main account's currency.
            guard let currency = Components.Schemas.AccountCurrency(rawValue: main.currency) else {
                throw JourneyFailure("no account can be opened in \(main.currency)")
            }
            let output = try await client.createAccount(body: .json(.init(name: "Vacances", currency: currency)))
            let created = try expect("201", output) { try $0.created.body.json }
            toAccountID = created.id
            return "\(savings.name) is \(savings.currency), \(main.name) \(main.currency): opened \(created.name) \(created.currency)"
        }
        let key = UUID().uuidString
        let transfer = Components.Schemas.TransferCreateInput(
            fromAccountId: mainAccountID, toAccountId: toAccountID, amount: "25.00", memo: "Épargne de novembre")
        var transferID = ""
        try await step("transfer between own accounts with an Idempotency-Key") {
            let output = try await client.createTransfer(headers: .init(idempotencyKey: key), body: .json(transfer))
            let created = try expect("201", output) { try $0.created }
            let sent = try created.body.json
            transferID = sent.id
            try check(sent.status == .completed && sent.amount.minor == 2_500, "\(sent.status) \(sent.amount.formatted)")
            try check(sent.recipient.id == toAccountID && sent.recipient._type == .account, "recipient \(sent.recipient)")
            try check(created.headers.location == "/v1/transfers/\(sent.id)", "Location \(created.headers.location)")
            return "201 \(sent.amount.formatted) to \(sent.recipient.name), Location \(created.headers.location)"
        }
        try await step("retry it with the same key → the same transfer, replayed") {
            let output = try await client.createTransfer(headers: .init(idempotencyKey: key), body: .json(transfer))
            let created = try expect("201", output) { try $0.created }
            let replayed = try created.body.json
            try check(replayed.id == transferID, "a second transfer \(replayed.id) (first \(transferID))")
            try check(created.headers.idempotentReplayed != nil, "no Idempotent-Replayed header")
            return "201 \(replayed.id), Idempotent-Replayed"
        }
        try await step("transfer more than is available → 422 insufficient_funds") {
            let output = try await client.createTransfer(body: .json(.init(
                fromAccountId: mainAccountID, toAccountId: toAccountID, amount: "999999999.00")))
            let problem = try expect("422", output) { try $0.unprocessableContent.body.applicationProblemJson }
            let pointers = (problem.errors ?? []).compactMap(\.pointer)
            try check(problem.code == "insufficient_funds" && pointers == ["/amount"], "\(problem.code) at \(pointers)")
            return "422 \(problem.code) at \(pointers)"
        }
        let submittedID = try await draftFlow(to: toAccountID)
        try await step("list transfers") {
            let page = try expect("200", try await client.listTransfers(query: .init(limit: 10))) { try $0.ok.body.json }
            let ids = page.items.map(\.id)
            // Newest first: the submitted draft, then the one-step transfer.
            try check(ids == [submittedID, transferID], "history \(ids)")
            return "200 " + page.items.map { "\($0.amount.formatted) to \($0.recipient.name)" }.joined(separator: ", ")
        }
        try await step("show the transfer") {
            let shown = try expect("200", try await client.getTransfer(path: .init(id: submittedID))) { try $0.ok.body.json }
            try check(shown.id == submittedID && shown.amount.minor == 1_050, "\(shown.id) \(shown.amount.formatted)")
            return "200 \(shown.amount.formatted) to \(shown.recipient.name), memo \(shown.memo ?? "none")"
        }
        try await step("both legs in the accounts' transactions") {
            let sent = try await transferLegs(of: mainAccountID)
            let received = try await transferLegs(of: toAccountID)
            try check(sent.map(\.amount.minor).sorted() == [1_050, 2_500], "debits \(sent.map(\.description))")
            try check(received.map(\.amount.minor).sorted() == [1_050, 2_500], "credits \(received.map(\.description))")
            try check(sent.allSatisfy { $0.direction != received[0].direction }, "legs in the same direction")
            return "200 " + (sent + received).map { "\($0.direction) \($0.amount.formatted) \($0.description)" }
                .joined(separator: ", ")
        }
    }

    /// The send-money screens: create, amount, recipient missing (and next), recipient, complete
    /// (next: the review), submit, and the draft gone afterwards. Returns the transfer's id.
    private func draftFlow(to toAccountID: String) async throws -> String {
        var draftID = ""
        try await step("create a transfer draft") {
            let output = try await client.createTransferDraft(body: .json(.init(fromAccountId: mainAccountID)))
            let created = try expect("201", output) { try $0.created }
            let draft = try created.body.json
            draftID = draft.id
            try check(draft.missing == [.amount, .recipient], "missing \(draft.missing)")
            return "201 missing \(draft.missing.map(\.rawValue)), ETag \(created.headers.eTag)"
        }
        try await step("draft step: amount") {
            let output = try await client.updateTransferDraft(path: .init(id: draftID), body: .json(.init(amount: "10.50")))
            let ok = try expect("200", output) { try $0.ok }
            let draft = try ok.body.json
            try check(draft.amount?.minor == 1_050, "amount \(String(describing: draft.amount))")
            return "200 amount \(draft.amount?.formatted ?? "none"), ETag \(ok.headers.eTag)"
        }
        try await step("show the draft → missing the recipient") {
            let draft = try expect("200", try await client.getTransferDraft(path: .init(id: draftID))) { try $0.ok.body.json }
            try check(draft.missing == [.recipient] && draft.nextStep == .recipient, "missing \(draft.missing), next \(draft.nextStep)")
            return "200 missing \(draft.missing.map(\.rawValue)), next \(draft.nextStep.rawValue)"
        }
        try await step("draft step: a blank amount clears it (what a client that cannot send null sends)") {
            let output = try await client.updateTransferDraft(path: .init(id: draftID), body: .json(.init(amount: "")))
            let draft = try expect("200", output) { try $0.ok.body.json }
            try check(draft.amount == nil && draft.missing == [.amount, .recipient], "amount \(String(describing: draft.amount)), missing \(draft.missing)")
            return "200 amount null, missing \(draft.missing.map(\.rawValue))"
        }
        try await step("draft step: amount again") {
            let output = try await client.updateTransferDraft(path: .init(id: draftID), body: .json(.init(amount: "10.50")))
            let draft = try expect("200", output) { try $0.ok.body.json }
            try check(draft.amount?.minor == 1_050 && draft.missing == [.recipient], "missing \(draft.missing)")
            return "200 amount \(draft.amount?.formatted ?? "none")"
        }
        try await step("draft step: recipient") {
            let output = try await client.updateTransferDraft(
                path: .init(id: draftID), body: .json(.init(toAccountId: toAccountID)))
            let draft = try expect("200", output) { try $0.ok.body.json }
            try check(draft.recipient?.id == toAccountID, "recipient \(String(describing: draft.recipient))")
            return "200 recipient \(draft.recipient?._type.rawValue ?? "none") \(toAccountID)"
        }
        try await step("show the draft → nothing missing") {
            let draft = try expect("200", try await client.getTransferDraft(path: .init(id: draftID))) { try $0.ok.body.json }
            try check(draft.missing.isEmpty && draft.nextStep == .review, "missing \(draft.missing), next \(draft.nextStep)")
            return "200 missing [], next review, expires \(draft.expiresAt)"
        }
        var transferID = ""
        try await step("submit the draft") {
            let output = try await client.submitTransferDraft(path: .init(id: draftID))
            let created = try expect("201", output) { try $0.created }
            let sent = try created.body.json
            transferID = sent.id
            try check(sent.amount.minor == 1_050 && sent.recipient.id == toAccountID, "\(sent.amount.formatted) to \(sent.recipient.id)")
            return "201 \(sent.amount.formatted) to \(sent.recipient.name), Location \(created.headers.location)"
        }
        try await step("show the submitted draft → 404") {
            let problem = try expect("404", try await client.getTransferDraft(path: .init(id: draftID))) {
                try $0.notFound.body.applicationProblemJson
            }
            return "404 \(problem.code)"
        }
        return transferID
    }

    /// The transfer legs among an account's latest transactions.
    private func transferLegs(of accountID: String) async throws -> [Components.Schemas.Transaction] {
        let output = try await client.listAccountTransactions(path: .init(id: accountID), query: .init(limit: 50))
        let page = try expect("200", output) { try $0.ok.body.json }
        return page.items.filter { $0.description.hasPrefix("Transfer") }
    }
}
