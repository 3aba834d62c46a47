import Foundation
import ViperdClient

extension Journey {
    /// The account every user gets, money in (through the operator's feed import), a second
    /// account, an order paid from the account, transactions, the report and the compatibility list.
    func accounts() async throws {
        try await step("list accounts") {
            let page = try expect("200", try await client.listAccounts()) { try $0.ok.body.json }
            guard let main = page.items.first, page.items.count == 1 else {
                throw JourneyFailure("\(page.items.count) accounts after registration")
            }
            mainAccountID = main.id
            return "200 \(main.name) \(main.currency) \(main.balance.formatted)"
        }
        if let fundCommand {
            try await step("fund the main account (operator feed import)") {
                try runFundCommand(fundCommand, account: mainAccountID)
                let account = try expect("200", try await client.getAccount(path: .init(id: mainAccountID))) {
                    try $0.ok.body.json
                }
                try check(account.balance.minor >= 50_000, "balance \(account.balance.formatted) after funding")
                funded = true
                return "balance \(account.balance.formatted), available \(account.available.formatted)"
            }
        } else {
            skip("fund the main account", because: "no --fund command given")
        }
        try await step("create a second account") {
            let output = try await client.createAccount(body: .json(.init(name: "Épargne", currency: .cad)))
            let created = try expect("201", output) { try $0.created }
            let account = try created.body.json
            savingsAccountID = account.id
            return "201 \(account.name) \(account.currency), Location \(created.headers.location)"
        }
        try await step("create an account with a blank name → 422") {
            let output = try await client.createAccount(body: .json(.init(name: "   ", currency: .cad)))
            let problem = try expect("422", output) { try $0.unprocessableContent.body.applicationProblemJson }
            return "422 \(problem.code) at \((problem.errors ?? []).compactMap(\.pointer))"
        }
        if funded {
            try await step("place an order paid from the main account") {
                let output = try await client.createOrder(body: .json(orderInput(quantity: 1, payFrom: mainAccountID)))
                let placed = try expect("201", output) { try $0.created.body.json }
                // `payment` is not in the generated Order (its `oneOf` with `null` is skipped by the
                // generator): the debit is checked in the account's transactions below.
                let account = try expect("200", try await client.getAccount(path: .init(id: mainAccountID))) {
                    try $0.ok.body.json
                }
                try check(account.available.minor == 100_000 + account.creditLimit.minor - placed.orderTotal.minor,
                          "available \(account.available.formatted) after paying \(placed.orderTotal.formatted)")
                return "201 \(placed.number) \(placed.orderTotal.formatted), available now \(account.available.formatted)"
            }
        } else {
            skip("place an order paid from the main account", because: "the account has no money")
        }
        try await step("show the main account") {
            let account = try expect("200", try await client.getAccount(path: .init(id: mainAccountID))) { try $0.ok.body.json }
            return "200 balance \(account.balance.formatted), available \(account.available.formatted)"
        }
        try await step("list transactions") {
            let output = try await client.listAccountTransactions(path: .init(id: mainAccountID), query: .init(limit: 10))
            let page = try expect("200", output) { try $0.ok.body.json }
            try check(!funded || page.items.count >= 2, "\(page.items.count) transactions after funding and a paid order")
            return "200 " + (page.items.isEmpty ? page.message ?? "" : page.items.map {
                "\($0.group) \($0.direction) \($0.amount.formatted) \($0.description)"
            }.joined(separator: ", "))
        }
        try await step("list transactions from after to → 422 invalid_range") {
            let output = try await client.listAccountTransactions(
                path: .init(id: mainAccountID), query: .init(from: "2026-02-01", to: "2026-01-01"))
            let problem = try expect("422", output) { try $0.unprocessableContent.body.applicationProblemJson }
            return "422 \(problem.code)"
        }
        try await step("report rows") {
            let report = try expect("200", try await client.getAccountReport(path: .init(id: mainAccountID))) {
                try $0.ok.body.json
            }
            try check(report.rows.count >= 3, "\(report.rows.count) rows")
            return "200 \(report.rows.count) rows"
        }
        try await step("report rows in fr") {
            let output = try await client.getAccountReport(path: .init(id: mainAccountID), headers: .init(acceptLanguage: "fr"))
            let report = try expect("200", output) { try $0.ok.body.json }
            return "200 \(report.rows.count) rows"
        }
        try await step("sorted transactions (compatibility list)") {
            let output = try await client.listSortedTransactions(path: .init(selection: .all))
            let rows = try expect("200", output) { try $0.ok.body.json }
            return "200 \(rows.count) rows"
        }
    }

    /// Runs the operator's funding command for an account; fails on a non-zero exit.
    private func runFundCommand(_ command: String, account: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = [account]
        try process.run()
        process.waitUntilExit()
        try check(process.terminationStatus == 0, "\(command) \(account) exited with \(process.terminationStatus)")
    }
}
