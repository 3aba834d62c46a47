import App
import Domain
import Foundation
import PostgresGateway
import SQLRows
import SQLiteGateway
import TestSupport
import Testing
import Web

/// Pending transfers under a seeded random walk over the real server, on both stores: users who
/// sign up late, a squatter on a payee's address, an address nobody ever registers, sends that
/// pay at once, wait or overdraw, claims into the right and the wrong accounts, cancels,
/// declines, time passing holds' ends with and without the upkeep, and retries of keyed requests.
/// A model in the test says what every answer must be; after every step the accounts, the money
/// waiting for each address, the transfers the step touched and the stored ledger must agree
/// with it. The seed is printed first and in every failure: `VIPERD_SIMULATION_SEED=<seed>`
/// replays the walk (`VIPERD_SIMULATION_STEPS` runs a longer one).
@Suite("pending transfers, simulated")
struct PendingTransfersSimulationTests {
    /// Steps per store, sized so each store's walk takes at most about ten seconds on the CI
    /// machine (2 cores, the rest of the suite running beside it).
    static let steps: [TestStore: Int] = [.sqlite: 300, .postgres: 200]

    /// One seed per process, so both stores walk the same steps and must give the same answers.
    static let seed: UInt64 = {
        let given = ProcessInfo.processInfo.environment["VIPERD_SIMULATION_SEED"] ?? ""
        if let seed = UInt64(given) ?? (given.hasPrefix("0x") ? UInt64(given.dropFirst(2), radix: 16) : nil) { return seed }
        return UInt64.random(in: .min ... .max)
    }()

    @Test(
        "a seeded walk of sends, claims, cancels, declines, late sign-ups, expiries and retries agrees with the model after every step, and the ledger verifies",
        arguments: TestStore.allCases)
    func seededWalk(store: TestStore) throws {
        let steps = ProcessInfo.processInfo.environment["VIPERD_SIMULATION_STEPS"].flatMap { Int($0) } ?? Self.steps[store] ?? 300
        print("pending-transfer simulation on \(store.rawValue): seed \(Self.seed), \(steps) steps (replay: VIPERD_SIMULATION_SEED=\(Self.seed))")
        let started = ContinuousClock.now
        let simulation = try PendingTransferSimulation(store: store, seed: Self.seed)
        try simulation.run(steps: steps)
        print("pending-transfer simulation on \(store.rawValue): seed \(Self.seed) passed in \(ContinuousClock.now - started); \(simulation.tally)")
    }
}

/// A divergence between the server and the model, with the seed that replays it and the steps
/// that led there.
struct SimulationDiverged: Error, CustomStringConvertible {
    let description: String
}

/// The walk: the application under test, the model of what it must hold, and the seeded
/// generator every choice comes from (never the server's answers, so a seed replays exactly).
final class PendingTransferSimulation {
    /// A transfer's status as the store holds it: a hold past its end stays `pending` until the
    /// upkeep or a resolution attempt finds it.
    enum Status: String {
        case pending, completed, cancelled, expired
    }

    /// How a simulated user joins.
    enum Role {
        /// Registered and verified before the walk.
        case early
        /// Registers during the walk and verifies some steps later.
        case late
        /// Registers the payee's address before the walk and never verifies it.
        case squatter
    }

    /// A simulated user; `token` nil until they register.
    struct User {
        let name: String
        let email: String
        let password: String
        let role: Role
        /// Whether they open a dollar account beside their first one.
        let dollars: Bool
        var token: String?
        var verified = false
        /// Model account indices, oldest first (a contact's money lands in the first of its currency).
        var accounts: [Int] = []
        var contacts: [Contact] = []
        /// The verification code last mailed to them, and when.
        var code: (value: String, sentAt: Date)?
        /// The step a late user registered at; they verify at least 15 steps later, so money
        /// waits for their address meanwhile.
        var registeredAt: Int?
    }

    /// A contact in a user's address book.
    struct Contact {
        let id: String
        let email: String
    }

    /// An account as the model says it must read.
    struct Account {
        let id: String
        let owner: Int
        let currency: String
        var balance: Int64 = 0
        var pending: Int64 = 0
        /// No account here has a credit limit.
        var available: Int64 { balance - pending }
    }

    /// A transfer as the model says it must read.
    struct Transfer {
        let id: String
        let sender: Int
        let from: Int
        var to: Int?
        let amount: Int64
        /// The address a contact transfer is bound to; nil for an own-account transfer.
        let email: String?
        var status: Status
        var cancelledBy: String?
        let expiresAt: Date?

        /// The problem code a resolution attempt gets once this transfer left pending.
        var conflictCode: String {
            switch status {
            case .completed: "transfer_completed"
            case .cancelled: cancelledBy == "recipient" ? "transfer_declined" : "transfer_cancelled"
            case .expired: "transfer_expired"
            case .pending: "none: still pending"
            }
        }
    }

    /// Whom a send names: one of the sender's accounts (model index), or one of their contacts
    /// (index into their address book).
    enum Recipient {
        case account(Int)
        case contact(Int)
    }

    /// An unsafe request the walk makes, in model terms; `from` and `into` are model account
    /// indices, `transfer` a model transfer index.
    enum Action {
        case send(user: Int, from: Int, to: Recipient, amount: Int64)
        case claim(user: Int, transfer: Int, into: Int?)
        case cancel(user: Int, transfer: Int)
        case decline(user: Int, transfer: Int)
    }

    /// A request sent with an `Idempotency-Key`, and the answer the server keeps for it (2xx and
    /// 409; nil while the key is free again after a refusal).
    struct Keyed {
        let action: Action
        let key: String
        var stored: TestClient.Response?
    }

    /// What a request must answer and what it changes when it does.
    struct Expectation {
        var status: Int
        var code: String?
        var effect: Effect
    }

    /// A change the model applies once the server answered as expected.
    enum Effect {
        case none
        /// A new transfer from the send's source: completed into `to`, or pending.
        case created(Status, to: Int?)
        /// Transfer `index` leaves pending.
        case resolved(Int, Status, cancelledBy: String?, to: Int?)
    }

    // The walk's fixed rules, as the application is configured.
    static let holdLifetime: TimeInterval = 2 * 3_600
    static let pendingQuota = 4
    static let codeLifetime: TimeInterval = 600
    /// The walk's time stays well inside the idempotency records' 24 hours and the unverified
    /// users' 7 days, so neither purge changes what the model expects.
    static let longestWalk: TimeInterval = 20 * 3_600
    /// Whole seconds: every instant the model compares is exact, so a hold reached to the
    /// second is due on both sides of the comparison.
    static let start = Date(timeIntervalSinceReferenceDate: 820_000_000)

    let store: TestStore
    let seed: UInt64
    let app: TestApplication
    let clock: MovableClock
    var random: SeededGenerator
    var users: [User] = []
    var accounts: [Account] = []
    var transfers: [Transfer] = []
    var keyed: [Keyed] = []
    /// Verification mails already read, so a new code is the one mail to its address not in here.
    var readMail: Set<String> = []
    var step = 0
    var plannedSteps = 0
    /// Transfers the current step may have changed, checked once it ends.
    var touched: Set<Int> = []
    var journal: [String] = []
    /// How many steps of each kind ran, and what they were answered: shows the walk covers both
    /// successes and refusals.
    var counts: [String: Int] = [:]

    var now: Date { clock.now() }
    var tally: String { counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }

    /// The addresses the walk's contacts point at: every user's, and one nobody ever registers.
    static let ghost = "ghost@example.com"

    init(store: TestStore, seed: UInt64) throws {
        self.store = store
        self.seed = seed
        random = SeededGenerator(seed: seed)
        let clock = MovableClock(Self.start)
        self.clock = clock
        app = try TestApplication.on(store, clock: clock) { configuration in
            configuration.transferPolicy.holdLifetime = Self.holdLifetime
            configuration.quotas.pendingTransfers = Self.pendingQuota
            configuration.identityPolicy.codeLifetime = Self.codeLifetime
            configuration.sessionPolicy = .lasting(days: 30)
            // The walk sends many changes within one simulated minute and registers everyone
            // from one address; those limits have tests of their own.
            configuration.writesPerMinute = nil
            configuration.transfersPerMinute = nil
            configuration.maxRegistrationsPerAddress = nil
        }
        users = [
            User(name: "Test User", email: "owner@example.com", password: "correct horse battery", role: .early, dollars: true),
            User(name: "Ana Early", email: "ana@example.com", password: "ana's long password", role: .early, dollars: true),
            User(name: "Ben Early", email: "ben@example.com", password: "ben's long password", role: .early, dollars: false),
            User(name: "Chloe Early", email: "chloe@example.com", password: "chloe's long password", role: .early, dollars: true),
            User(name: "Dan Late", email: "dan@example.com", password: "dan's long password", role: .late, dollars: true),
            User(name: "Paula Payee", email: "paula@example.com", password: "paula's long password", role: .late, dollars: false),
            User(name: "Mallory Squatter", email: "paula@example.com", password: "mallory's long password", role: .squatter, dollars: false),
            User(name: "Eve Late", email: "eve@example.com", password: "eve's long password", role: .late, dollars: true),
            User(name: "Finn Late", email: "finn@example.com", password: "finn's long password", role: .late, dollars: false),
        ]
        users[0].token = app.token
        users[0].verified = true
        try setUpAccounts(of: 0)
        for index in users.indices where users[index].role == .early && index != 0 {
            let user = users[index]
            users[index].token = try app.register(email: user.email, password: user.password, name: user.name)
            users[index].verified = true
            try setUpAccounts(of: index)
        }
        let squatter = try #require(users.firstIndex { $0.role == .squatter })
        users[squatter].token = try app.register(
            email: users[squatter].email, password: users[squatter].password, name: users[squatter].name, verified: false)
        try setUpAccounts(of: squatter)
        for mail in try app.application.storage.gateway.outbox.recentMail(limit: 1_000) { readMail.insert(mail.request.id) }
        try observe()
    }

    // MARK: - The walk

    func run(steps: Int) throws {
        plannedSteps = steps
        for index in 1...steps {
            step = index
            touched = []
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30: try send()
            case 30..<50: try claim()
            case 50..<57: try cancel()
            case 57..<63: try decline()
            case 63..<66: try registerLateUser()
            case 66..<69: try verifyLateUser()
            case 69..<71: try openDollarAccount()
            case 71..<80: try moveClock()
            default: try retry()
            }
            try observe()
        }
        // Every transfer once more, whatever the last steps touched.
        touched = Set(transfers.indices)
        try observe()
    }

    /// A send from a registered user: to one of their contacts, mostly one the money
    /// must wait for (an address nobody verified, or whose owner has no account in the currency);
    /// sometimes to another of their accounts, to the source itself or to someone else's account;
    /// now and then from someone else's account; the amount sometimes more than what is available.
    func send() throws {
        let user = pick(registered)
        let own = users[user].accounts
        let from = Int.random(in: 0..<20, using: &random) == 0 ? pick(Array(accounts.indices)) : pick(own)
        let contacts = Array(users[user].contacts.indices)
        let recipient: Recipient = switch Int.random(in: 0..<100, using: &random) {
        case 0..<15: .account(pick(own.count > 1 ? own.filter { $0 != from } : own))
        case 15..<20: .account(Bool.random(using: &random) ? from : pick(Array(accounts.indices)))
        case 20..<75: .contact(pickWaiting(among: contacts, of: user, in: accounts[from].currency))
        default: .contact(pick(contacts))
        }
        let available = accounts[from].available
        let amount: Int64 = if available > 0, Int.random(in: 0..<5, using: &random) > 0 {
            Int64.random(in: 1...max(1, available * 2 / 5), using: &random)
        } else {
            max(available, 0) + Int64.random(in: 1...5_000, using: &random)
        }
        try perform(.send(user: user, from: from, to: recipient, amount: amount), key: maybeKey())
    }

    /// A claim, mostly by the verified owner of the transfer's address into an account in its
    /// currency; sometimes into another currency or another user's account, without an account,
    /// by the squatter, by an unverified late user or by someone the money is not for.
    func claim() throws {
        guard let transfer = pickBoundTransfer() else { return try send() }
        let holder = verifiedHolder(of: transfers[transfer].email ?? "")
        let user = if let holder, Int.random(in: 0..<10, using: &random) < 7 { holder } else { pick(registered) }
        let currency = accounts[transfers[transfer].from].currency
        let mine = users[user].accounts
        let into: Int? = switch Int.random(in: 0..<100, using: &random) {
        case 0..<75: mine.first { accounts[$0].currency == currency } ?? pick(mine)
        case 75..<85: mine.first { accounts[$0].currency != currency } ?? pick(mine)
        case 85..<93: pick(accounts.indices.filter { accounts[$0].owner != user })
        default: nil
        }
        try perform(.claim(user: user, transfer: transfer, into: into), key: maybeKey())
    }

    /// A cancel, a third of the time of a transfer still pending, mostly by its sender.
    func cancel() throws {
        guard !transfers.isEmpty else { return try send() }
        let open = transfers.indices.filter { transfers[$0].status == .pending }
        let transfer = pick(Int.random(in: 0..<3, using: &random) == 0 ? open : [], else: Array(transfers.indices))
        let user = Int.random(in: 0..<100, using: &random) < 85 ? transfers[transfer].sender : pick(registered)
        try perform(.cancel(user: user, transfer: transfer), key: maybeKey())
    }

    /// A decline, mostly by the verified owner of the transfer's address; sometimes by anyone.
    func decline() throws {
        guard let transfer = pickBoundTransfer() else { return try send() }
        let holder = verifiedHolder(of: transfers[transfer].email ?? "")
        let user = if let holder, Int.random(in: 0..<4, using: &random) > 0 { holder } else { pick(registered) }
        try perform(.decline(user: user, transfer: transfer), key: maybeKey())
    }

    /// The next late user registers (unverified: a code is mailed), opens their accounts, fills
    /// their address book and is funded; they verify in a later step.
    func registerLateUser() throws {
        // Spread over the walk, so money waits for some address, then becomes claimable, all along.
        let late = users.indices.filter { users[$0].role == .late }
        guard let next = late.firstIndex(where: { users[$0].token == nil }), step >= plannedSteps / 10 + next * plannedSteps / (late.count + 1) else {
            return try verifyLateUser()
        }
        let index = late[next]
        let user = users[index]
        users[index].token = try app.register(email: user.email, password: user.password, name: user.name, verified: false)
        users[index].code = (try newCode(to: user.email), now)
        users[index].registeredAt = step
        try setUpAccounts(of: index)
        record("register \(user.name)")
    }

    /// A late user verifies their address with the code mailed to them, asking for a new one
    /// first when it has expired; from now on money to their address is theirs to claim, and new
    /// money to it lands at once.
    func verifyLateUser() throws {
        guard let index = users.indices.first(where: { users[$0].role == .late && !users[$0].verified && (users[$0].registeredAt ?? step) + 15 <= step }),
            let token = users[index].token, var code = users[index].code
        else { return try send() }
        if now.timeIntervalSince(code.sentAt) >= Self.codeLifetime {
            let resent = try app.request("POST", "/v1/users/verification", auth: .bearer(token))
            try check(resent.status == 202, "a new code for \(users[index].name): \(resent.status) \(resent.text)")
            code = (try newCode(to: users[index].email), now)
            count("resend code")
        }
        let verified = try app.request("POST", "/v1/users/verify", json: #"{"code":"\#(code.value)"}"#, auth: .bearer(token))
        try check(verified.status == 200, "verifying \(users[index].name): \(verified.status) \(verified.text)")
        users[index].verified = true
        users[index].code = nil
        record("verify \(users[index].name)")
    }

    /// A user without a dollar account opens one: dollars waiting for their address become
    /// claimable, and new dollars to it land at once once they are verified.
    func openDollarAccount() throws {
        let without = registered.filter { user in !users[user].accounts.contains { accounts[$0].currency == "USD" } }
        guard !without.isEmpty else { return try send() }
        let user = pick(without)
        try openAccount(of: user, currency: "USD", funded: 0)
        record("\(users[user].name) opens a dollar account")
        count("open account")
    }

    /// Time passes, sometimes exactly to the next hold's end within the hour (due from that
    /// instant) or just past it;
    /// mostly the upkeep then runs and must expire exactly the holds the model says are due.
    /// Left without it, a hold past its end still reads pending, and any resolution finds it
    /// expired.
    func moveClock() throws {
        // Only a near end is reached exactly: jumping to far ones would expire every hold long
        // before its payee signs up.
        let ends = transfers.filter { $0.status == .pending }.compactMap(\.expiresAt).filter { $0 > now && $0.timeIntervalSince(now) <= 3_600 }
        var seconds: TimeInterval = if let end = ends.min(), Bool.random(using: &random) {
            end.timeIntervalSince(now) + TimeInterval([0, 0, 1, 60][Int.random(in: 0..<4, using: &random)])
        } else {
            TimeInterval(60 * Int.random(in: 1...20, using: &random))
        }
        if now.addingTimeInterval(seconds) > Self.start.addingTimeInterval(Self.longestWalk) { seconds = 0 }
        clock.advance(by: seconds)
        guard Int.random(in: 0..<4, using: &random) > 0 else { return record("clock +\(Int(seconds)) s, no upkeep") }
        let due = transfers.indices.filter { transfers[$0].status == .pending && transfers[$0].expiresAt.map { $0 <= now } == true }
        let expired = app.application.expiredRecordPurge.run()[.expiredTransfers] ?? -1
        try check(expired == due.count, "the upkeep expired \(expired) transfers, the model says \(due.count) were due")
        for index in due { try apply(.resolved(index, .expired, cancelledBy: nil, to: nil), to: nil) }
        counts["expired by the upkeep", default: 0] += expired
        touched.formUnion(transfers.indices.filter { transfers[$0].status == .pending })
        record("clock +\(Int(seconds)) s, upkeep expired \(expired)")
    }

    /// An earlier keyed request sent again: the kept answer comes back byte for byte, marked as
    /// a replay, and nothing acts again; the same key with another body is refused; a key that
    /// was refused before any change runs afresh.
    func retry() throws {
        guard !keyed.isEmpty else { return try send() }
        // Mostly a kept answer: a refused request run afresh is a send or a claim like any other.
        let kept = keyed.indices.filter { keyed[$0].stored != nil }
        let index = pick(Int.random(in: 0..<4, using: &random) > 0 ? kept : [], else: Array(keyed.indices))
        let entry = keyed[index]
        guard let stored = entry.stored else {
            let response = try perform(entry.action, key: entry.key, counted: "retry afresh")
            keyed[index].stored = Self.isKept(response.status) ? response : nil
            return
        }
        let request = self.request(for: entry.action)
        if case .send = entry.action, Int.random(in: 0..<5, using: &random) == 0, let body = request.body {
            let other = String(body.dropLast()) + #","memo":"once more"}"#
            let reused = try app.request(request.method, request.path, json: other, headers: ["Idempotency-Key": entry.key], auth: .bearer(token(of: request.user)))
            try check(reused.status == 409 && Self.code(of: reused) == "idempotency_key_reused", "key \(entry.key) with another body: \(reused.status) \(reused.text)")
            count("retry with another body")
            return record("key \(entry.key) reused with another body: 409")
        }
        let replayed = try app.request(
            request.method, request.path, json: request.body, headers: ["Idempotency-Key": entry.key], auth: .bearer(token(of: request.user)))
        try check(
            replayed.status == stored.status && replayed.body == stored.body && replayed.header("Idempotent-Replayed") == "true"
                && replayed.header("Location") == stored.header("Location"),
            "retry of \(describe(entry.action)) with key \(entry.key): \(replayed.status) \(replayed.text) (replayed: \(replayed.header("Idempotent-Replayed") ?? "no")), first answered \(stored.status) \(stored.text)")
        count("retry replayed \(stored.status)")
        record("replay \(entry.key) of \(describe(entry.action)): \(stored.status)")
    }

    // MARK: - Requests against the model

    /// Sends `action`, checks its answer against the model's prediction and applies what it changed.
    @discardableResult
    func perform(_ action: Action, key: String?, counted label: String? = nil) throws -> TestClient.Response {
        let expected = predict(action)
        let request = self.request(for: action)
        let response = try app.request(
            request.method, request.path, json: request.body, headers: key.map { ["Idempotency-Key": $0] } ?? [:], auth: .bearer(token(of: request.user)))
        record("\(describe(action))\(key.map { " key \($0)" } ?? ""): \(response.status) \(Self.code(of: response) ?? "")")
        try check(
            response.status == expected.status && Self.code(of: response) == expected.code,
            "\(describe(action)) answered \(response.status) \(response.text); the model expected \(expected.status) \(expected.code ?? "")")
        try check(response.header("Idempotent-Replayed") == nil, "a first request answered as a replay: \(describe(action))")
        try apply(expected.effect, to: action, response: response)
        var outcome = expected.code.map { " \($0)" } ?? ""
        if case .created(let status, _) = expected.effect { outcome = " \(status.rawValue)" }
        count("\(label ?? Self.kind(of: action)) \(expected.status)\(outcome)")
        if let key, label == nil { keyed.append(Keyed(action: action, key: key, stored: Self.isKept(response.status) ? response : nil)) }
        return response
    }

    /// What the server must answer to `action` in the model's current state, checked in the
    /// order the contract lists the refusals.
    func predict(_ action: Action) -> Expectation {
        switch action {
        case .send(let user, let from, let to, let amount):
            let source = accounts[from]
            guard source.owner == user else { return refusal(404, "not_found") }
            switch to {
            case .account(let target):
                guard target != from else { return refusal(422, "same_account") }
                guard accounts[target].owner == user else { return refusal(404, "not_found") }
                guard accounts[target].currency == source.currency else { return refusal(422, "currency_mismatch") }
                guard amount <= source.available else { return refusal(422, "insufficient_funds") }
                return Expectation(status: 201, effect: .created(.completed, to: target))
            case .contact(let contact):
                let email = users[user].contacts[contact].email
                if let target = payee(of: email, in: source.currency) {
                    guard amount <= source.available else { return refusal(422, "insufficient_funds") }
                    return Expectation(status: 201, effect: .created(.completed, to: target))
                }
                guard amount <= source.available else { return refusal(422, "insufficient_funds") }
                guard transfers.count(where: { $0.sender == user && $0.status == .pending }) < Self.pendingQuota else {
                    return refusal(422, "quota_exceeded")
                }
                return Expectation(status: 201, effect: .created(.pending, to: nil))
            }
        case .claim(let user, let index, let into):
            guard let into else { return refusal(422, "validation_failed") }
            guard users[user].verified else { return refusal(403, "email_not_verified") }
            let transfer = transfers[index]
            guard transfer.email == users[user].email else { return refusal(404, "not_found") }
            guard transfer.status == .pending else { return refusal(409, transfer.conflictCode) }
            guard accounts[into].owner == user else { return refusal(404, "not_found") }
            guard accounts[into].currency == accounts[transfer.from].currency else { return refusal(422, "currency_mismatch") }
            return resolving(index, to: Expectation(status: 200, effect: .resolved(index, .completed, cancelledBy: nil, to: into)))
        case .cancel(let user, let index):
            let transfer = transfers[index]
            guard transfer.sender == user else { return refusal(404, "not_found") }
            guard transfer.status == .pending else { return refusal(409, transfer.conflictCode) }
            return resolving(index, to: Expectation(status: 200, effect: .resolved(index, .cancelled, cancelledBy: "sender", to: nil)))
        case .decline(let user, let index):
            guard users[user].verified else { return refusal(403, "email_not_verified") }
            let transfer = transfers[index]
            guard transfer.email == users[user].email else { return refusal(404, "not_found") }
            guard transfer.status == .pending else { return refusal(409, transfer.conflictCode) }
            return resolving(index, to: Expectation(status: 200, effect: .resolved(index, .cancelled, cancelledBy: "recipient", to: nil)))
        }
    }

    /// `success`, unless the hold is past its end: then the attempt finds it expired, and
    /// expires it.
    func resolving(_ index: Int, to success: Expectation) -> Expectation {
        guard let end = transfers[index].expiresAt, end <= now else { return success }
        return Expectation(status: 409, code: "transfer_expired", effect: .resolved(index, .expired, cancelledBy: nil, to: nil))
    }

    func refusal(_ status: Int, _ code: String) -> Expectation {
        Expectation(status: status, code: code, effect: .none)
    }

    /// Applies `effect`, checking the success body of `action` against it.
    func apply(_ effect: Effect, to action: Action?, response: TestClient.Response? = nil) throws {
        let body = response.map(TestApplication.object) ?? [:]
        switch effect {
        case .none:
            break
        case .created(let status, let to):
            guard case .send(let user, let from, let recipient, let amount)? = action, let id = body["id"] as? String else {
                throw failure("a created transfer without its id: \(response?.text ?? "")")
            }
            try check(
                body["status"] as? String == status.rawValue && body["toAccountId"] as? String == to.map { accounts[$0].id }
                    && ((body["amount"] as? [String: Any])?["minor"] as? Int).map(Int64.init) == amount && response?.header("Location") == "/v1/transfers/\(id)",
                "\(describe(.send(user: user, from: from, to: recipient, amount: amount))) created \(response?.text ?? ""); the model expected it \(status.rawValue)")
            var email: String?
            if case .contact(let contact) = recipient { email = users[user].contacts[contact].email }
            if let to {
                accounts[from].balance -= amount
                accounts[to].balance += amount
            } else {
                accounts[from].pending += amount
            }
            transfers.append(Transfer(
                id: id, sender: user, from: from, to: to, amount: amount, email: email, status: status, cancelledBy: nil,
                expiresAt: status == .pending ? now.addingTimeInterval(Self.holdLifetime) : nil))
            touched.insert(transfers.count - 1)
        case .resolved(let index, let status, let cancelledBy, let to):
            let transfer = transfers[index]
            if let response, status != .expired {
                try check(
                    body["status"] as? String == status.rawValue && body["toAccountId"] as? String == to.map { accounts[$0].id },
                    "\(action.map(describe) ?? "") answered \(response.text); the model expected it \(status.rawValue)")
            }
            transfers[index].status = status
            transfers[index].cancelledBy = cancelledBy
            transfers[index].to = to
            accounts[transfer.from].pending -= transfer.amount
            if let to {
                accounts[transfer.from].balance -= transfer.amount
                accounts[to].balance += transfer.amount
            }
            touched.insert(index)
        }
    }

    /// The method, path and body of `action`: the same bytes every time, so a retry with its key
    /// is the same request.
    func request(for action: Action) -> (user: Int, method: String, path: String, body: String?) {
        switch action {
        case .send(let user, let from, let to, let amount):
            let recipient = switch to {
            case .account(let account): #""toAccountId":"\#(accounts[account].id)""#
            case .contact(let contact): #""toContactId":"\#(users[user].contacts[contact].id)""#
            }
            return (user, "POST", "/v1/transfers", #"{"fromAccountId":"\#(accounts[from].id)",\#(recipient),"amount":"\#(Self.text(amount))"}"#)
        case .claim(let user, let transfer, let into):
            return (user, "POST", "/v1/transfers/\(transfers[transfer].id)/claim", into.map { #"{"toAccountId":"\#(accounts[$0].id)"}"# } ?? "{}")
        case .cancel(let user, let transfer):
            return (user, "POST", "/v1/transfers/\(transfers[transfer].id)/cancel", nil)
        case .decline(let user, let transfer):
            return (user, "POST", "/v1/transfers/\(transfers[transfer].id)/decline", nil)
        }
    }

    // MARK: - What the API and the store must show

    /// After each step: every registered user's accounts (balance, pending, available), the
    /// money waiting for each verified address (and a refusal for every unverified user), the
    /// transfers the step touched as their senders see them, and the stored ledger.
    func observe() throws {
        for user in users {
            guard let token = user.token else { continue }
            let listed = TestApplication.object(try app.request("GET", "/v1/accounts?limit=100", auth: .bearer(token)))
            let items = listed["items"] as? [[String: Any]] ?? []
            try check(items.count == user.accounts.count, "\(user.name) has \(items.count) accounts, the model \(user.accounts.count)")
            for account in user.accounts.map({ accounts[$0] }) {
                let item = items.first { $0["id"] as? String == account.id } ?? [:]
                let read = ["balance", "pending", "available"].map { ((item[$0] as? [String: Any])?["minor"] as? Int).map(Int64.init) }
                try check(
                    read == [account.balance, account.pending, account.available],
                    "\(user.name)'s \(account.currency) account \(account.id) reads balance/pending/available \(read.map { $0.map(String.init) ?? "missing" }), "
                        + "the model \([account.balance, account.pending, account.available])")
            }
            let incoming = try app.request("GET", "/v1/transfers/incoming?limit=100", auth: .bearer(token))
            if user.verified {
                let ids = (TestApplication.object(incoming)["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }.sorted()
                let waiting = transfers.filter { $0.email == user.email && $0.status == .pending }.map(\.id).sorted()
                try check(ids == waiting, "\(user.name) sees \(ids.count) incoming transfers \(ids), the model \(waiting.count) \(waiting)")
            } else {
                try check(
                    incoming.status == 403 && Self.code(of: incoming) == "email_not_verified",
                    "\(user.name), unverified, listed incoming money: \(incoming.status) \(incoming.text)")
            }
        }
        for index in touched.sorted() {
            let transfer = transfers[index]
            let shown = TestApplication.object(try app.request("GET", "/v1/transfers/\(transfer.id)", auth: .bearer(token(of: transfer.sender))))
            try check(
                shown["status"] as? String == transfer.status.rawValue && shown["cancelledBy"] as? String == transfer.cancelledBy
                    && shown["toAccountId"] as? String == transfer.to.map { accounts[$0].id },
                "transfer \(transfer.id) reads \(shown["status"] ?? "?") (cancelled by \(shown["cancelledBy"] ?? "?"), to \(shown["toAccountId"] ?? "?")); the model: \(transfer.status.rawValue) (\(transfer.cancelledBy ?? "-"), to \(transfer.to.map { accounts[$0].id } ?? "-"))")
        }
        let breaks = try ledgerBreaks()
        try check(breaks.isEmpty, "the stored ledger does not verify: \(breaks.joined(separator: "; "))")
    }

    /// What `viperd verify-ledger` finds wrong with the stored ledger (every check: balances,
    /// holds, resolutions, legs, conservation), one line per violation.
    func ledgerBreaks() throws -> [String] {
        let report = switch app.application.storage.engine {
        case .sqlite(let database): try LedgerVerifier(database: database).verify()
        case .postgres(let database): try LedgerVerifier(database: database).verify()
        }
        return report.violations.map(String.init(describing:))
    }

    // MARK: - Set-up

    /// The user's first account (and a dollar one for some), funded through the operator's
    /// import, and a contact for every other address of the walk.
    func setUpAccounts(of index: Int) throws {
        let token = try token(of: index)
        let main = try #require(try app.firstAccount(auth: .bearer(token))["id"] as? String)
        try add(Account(id: main, owner: index, currency: "CAD"), funded: Int64.random(in: 100...400, using: &random) * 100)
        if users[index].dollars { try openAccount(of: index, currency: "USD", funded: Int64.random(in: 50...200, using: &random) * 100) }
        let addresses = (users.map(\.email) + [Self.ghost]).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for email in addresses where email != users[index].email {
            let name = email.split(separator: "@")[0].capitalized
            let created = try app.request(
                "POST", "/v1/contacts", json: #"{"firstName":"\#(name)","lastName":"Contact","email":"\#(email)"}"#, auth: .bearer(token))
            let id = try #require(TestApplication.object(created)["id"] as? String, "\(created.status) \(created.text)")
            users[index].contacts.append(Contact(id: id, email: email))
        }
    }

    func openAccount(of user: Int, currency: String, funded minor: Int64) throws {
        let created = try app.request("POST", "/v1/accounts", json: #"{"name":"\#(currency) account","currency":"\#(currency)"}"#, auth: .bearer(token(of: user)))
        let id = try #require(TestApplication.object(created)["id"] as? String, "\(created.status) \(created.text)")
        try add(Account(id: id, owner: user, currency: currency), funded: minor)
    }

    /// Adds `account` to the model and, unless `minor` is 0, funds it through the operator's import.
    func add(_ account: Account, funded minor: Int64) throws {
        let index = accounts.count
        accounts.append(account)
        users[account.owner].accounts.append(index)
        guard minor > 0 else { return }
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-simulation-feed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"\#(Self.text(minor))","debit":"C"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: account.id)
        accounts[index].balance += minor
    }

    /// The code in the one verification mail to `email` not read yet.
    func newCode(to email: String) throws -> String {
        let mail = try app.application.storage.gateway.outbox.recentMail(limit: 1_000)
        guard let fresh = mail.first(where: { $0.request.recipient == email && $0.request.kind == .emailVerification && !readMail.contains($0.request.id) }),
            let code = fresh.request.secret
        else { throw failure("no new verification code mailed to \(email)") }
        readMail.insert(fresh.request.id)
        return code
    }

    // MARK: - Small helpers

    var registered: [Int] { users.indices.filter { users[$0].token != nil } }

    func verifiedHolder(of email: String) -> Int? {
        users.indices.first { users[$0].verified && users[$0].email == email }
    }

    /// The account money to `email` in `currency` lands in at once: the first in that currency
    /// of the address's verified owner; nil when it must wait.
    func payee(of email: String, in currency: String) -> Int? {
        verifiedHolder(of: email).flatMap { holder in users[holder].accounts.first { accounts[$0].currency == currency } }
    }

    /// A transfer bound to an address: mostly one still pending whose address has a verified
    /// owner, else any.
    func pickBoundTransfer() -> Int? {
        let bound = transfers.indices.filter { transfers[$0].email != nil }
        guard !bound.isEmpty else { return nil }
        let claimable = bound.filter { transfers[$0].status == .pending && verifiedHolder(of: transfers[$0].email ?? "") != nil }
        return pick(Int.random(in: 0..<10, using: &random) < 9 ? claimable : [], else: bound)
    }

    func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &random)]
    }

    /// A contact of `user` money in `currency` must wait for: mostly a user's address (which its
    /// owner may verify and claim), else the address nobody registers; any contact when none waits.
    func pickWaiting(among contacts: [Int], of user: Int, in currency: String) -> Int {
        let waiting = contacts.filter { payee(of: users[user].contacts[$0].email, in: currency) == nil }
        let someone = waiting.filter { users[user].contacts[$0].email != Self.ghost }
        return pick(Int.random(in: 0..<4, using: &random) > 0 ? someone : [], else: waiting.isEmpty ? contacts : waiting)
    }

    /// One of `values`, or of `fallback` when there is none.
    func pick<T>(_ values: [T], else fallback: [T]) -> T {
        pick(values.isEmpty ? fallback : values)
    }

    func maybeKey() -> String? {
        Bool.random(using: &random) ? "sim-\(step)" : nil
    }

    func token(of user: Int) throws -> String {
        guard let token = users[user].token else { throw failure("\(users[user].name) acts before registering") }
        return token
    }

    func record(_ line: String) {
        journal.append("step \(step) at +\(Int(now.timeIntervalSince(Self.start))) s: \(line)")
        if journal.count > 12 { journal.removeFirst() }
    }

    func count(_ label: String) {
        counts[label, default: 0] += 1
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        guard condition else { throw failure(message()) }
    }

    func failure(_ message: String) -> SimulationDiverged {
        SimulationDiverged(description: """
            seed \(seed) on \(store.rawValue), step \(step): \(message)
            replay: VIPERD_SIMULATION_SEED=\(seed) swift test --filter PendingTransfersSimulationTests
            last steps:
            \(journal.joined(separator: "\n"))
            """)
    }

    func describe(_ action: Action) -> String {
        func account(_ index: Int) -> String {
            "\(users[accounts[index].owner].name)'s \(accounts[index].currency)"
        }
        switch action {
        case .send(let user, let from, let to, let amount):
            let recipient = switch to {
            case .account(let target): account(target)
            case .contact(let contact): users[user].contacts[contact].email
            }
            return "\(users[user].name) sends \(Self.text(amount)) from \(account(from)) to \(recipient)"
        case .claim(let user, let transfer, let into):
            return "\(users[user].name) claims \(transfers[transfer].id) (\(transfers[transfer].status.rawValue)) into \(into.map(account) ?? "nothing")"
        case .cancel(let user, let transfer):
            return "\(users[user].name) cancels \(transfers[transfer].id) (\(transfers[transfer].status.rawValue))"
        case .decline(let user, let transfer):
            return "\(users[user].name) declines \(transfers[transfer].id) (\(transfers[transfer].status.rawValue))"
        }
    }

    static func kind(of action: Action) -> String {
        switch action {
        case .send: "send"
        case .claim: "claim"
        case .cancel: "cancel"
        case .decline: "decline"
        }
    }

    /// Whether the server keeps this answer for the key (IdempotentExecution: 2xx and 409).
    static func isKept(_ status: Int) -> Bool {
        (200..<300).contains(status) || status == 409
    }

    static func code(of response: TestClient.Response) -> String? {
        TestApplication.object(response)["code"] as? String
    }

    /// Minor units as the API's amount text, two decimals (CAD and USD).
    static func text(_ minor: Int64) -> String {
        let cents = minor % 100
        return "\(minor / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
