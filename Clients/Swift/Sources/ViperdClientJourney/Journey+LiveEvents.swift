import Foundation
import ViperdClient

extension Journey {
    /// The payee's live events through `LiveEvents`: money the sender pays them arrives as
    /// `transfer.received` with their account; their connection drops while the sender pays twice
    /// more, and on resume (`Last-Event-ID`) both arrive once, in order, before `ready`; an id
    /// from elsewhere is answered with a reset; signing out ends the stream.
    ///
    /// The drop is `LiveEvents.reconnect()`: it cancels the connection's URLSession task, which the
    /// reader sees as any network failure (same path: the retry delay, then the last id), and it
    /// happens exactly between two steps, where restarting the server would race the payments
    /// against the reconnect and leave the journey's own server to the script.
    func liveEvents() async throws {
        guard let payee else {
            skip("live events", because: "they need the payee of the pending transfers (--fund and --mail-code)")
            return
        }
        // What an expired access token looks like: the stream's first answer is a 401.
        let refused = String(repeating: "A", count: 43)
        payee.authorization.tokens.token = refused
        let events = LiveEvents(serverURL: serverURL, authorization: payee.authorization, language: "en")
        let inbox = LiveEventInbox(events)
        defer { inbox.stop() }
        var position: Int64 = 0
        try await step("the payee opens their live events with a refused access token → refreshed, then ready") {
            guard case .ready(let at)? = try await inbox.next() else { throw JourneyFailure("the first message is not ready") }
            let token = payee.authorization.tokens.token
            try check(token != nil && token != refused, "the access token was not refreshed")
            position = at
            return "ready at \(at)"
        }
        try await step("the sender pays the payee → transfer.received with the payee's account") {
            _ = try await payPayee(payee, "3.00")
            let (id, event) = try await received(from: inbox, after: position)
            position = id
            guard let account = event.accounts?.first, event.accounts?.count == 1 else {
                throw JourneyFailure("accounts \(event.accounts?.map(\.id) ?? [])")
            }
            let shown = try expect("200", try await payee.client.getAccount(path: .init(id: account.id))) { try $0.ok.body.json }
            try check(account.id == payee.accountID && account.balance == shown.balance,
                      "account \(account.id) \(account.balance.formatted), the payee's \(payee.accountID) \(shown.balance.formatted)")
            return "id \(id): \(event.message) (\(account.name) \(account.balance.formatted))"
        }
        try await step("the payee's connection drops while the sender pays twice more → on resume both arrive once, in order") {
            events.reconnect()
            let first = try await payPayee(payee, "1.00")
            let second = try await payPayee(payee, "2.00")
            let (firstID, firstEvent) = try await received(from: inbox, after: position)
            let (secondID, secondEvent) = try await received(from: inbox, after: firstID)
            // The resumed connection's backlog comes before its `ready`: they were missed, not live.
            guard case .ready(let at)? = try await inbox.next() else { throw JourneyFailure("no ready after the backlog") }
            try check(firstID == position + 1 && secondID == position + 2 && at == secondID,
                      "ids \(firstID), \(secondID) after \(position), ready at \(at)")
            try await Task.sleep(for: .milliseconds(300))
            try check(inbox.unread == 0, "\(inbox.unread) more message(s) after ready")
            position = at
            return "ids \(firstID), \(secondID) (\(first.amount.formatted), \(second.amount.formatted)): "
                + "\(firstEvent.message) / \(secondEvent.message); ready at \(at)"
        }
        try await step("a stream resumed from an id the server never gave → reset (unknown) at their position, then ready") {
            let elsewhere = LiveEventInbox(
                LiveEvents(serverURL: serverURL, authorization: payee.authorization, language: "en", lastEventID: position + 1_000))
            defer { elsewhere.stop() }
            guard case .reset(let reason, let detail, let at)? = try await elsewhere.next() else {
                throw JourneyFailure("the first message is not reset")
            }
            try check(reason == .unknown && at == position, "reset \(reason.rawValue) at \(at), the payee is at \(position)")
            guard case .ready(let ready)? = try await elsewhere.next(), ready == position else {
                throw JourneyFailure("no ready at \(position) after the reset")
            }
            return "reset \(reason.rawValue) at \(at): \(detail)"
        }
        try await step("the payee signs out → sessionEnded, and the stream ends") {
            _ = try expect("204", try await payee.client.logout()) { try $0.noContent }
            guard case .sessionEnded(let detail)? = try await inbox.next(within: .seconds(2)) else {
                throw JourneyFailure("no sessionEnded")
            }
            guard try await inbox.next() == nil else { throw JourneyFailure("a message after sessionEnded") }
            return "sessionEnded: \(detail)"
        }
    }

    /// Pays the payee from the main account through their contact; the address is verified now,
    /// so the transfer completes at once.
    private func payPayee(_ payee: Payee, _ amount: String) async throws -> Components.Schemas.Transfer {
        let output = try await client.createTransfer(
            body: .json(.init(fromAccountId: mainAccountID, toContactId: payee.contactID, amount: amount)))
        let sent = try expect("201", output) { try $0.created.body.json }
        try check(sent.status == .completed, "\(sent.status)")
        return sent
    }

    /// The next message, which must be the `transfer.received` event right after `position`.
    private func received(from inbox: LiveEventInbox, after position: Int64) async throws -> (Int64, Components.Schemas.LiveEvent) {
        let message = try await inbox.next()
        guard case .event(let id, let type, let event)? = message else {
            throw JourneyFailure("expected transfer.received, got \(String(describing: message))")
        }
        try check(type == "transfer.received" && event._type == type && id > position && event.position == id,
                  "\(type) \(event._type) id \(id) position \(event.position) after \(position)")
        return (id, event)
    }
}
