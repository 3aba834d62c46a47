import App
import Domain
import Foundation
import TestSupport
import Testing

/// `GET /v1/events` and its tickets, end to end on a real server: events reach the user's open
/// streams as they commit, in order and once, resume where they left off, and end with their
/// session; the caps hold.
@Suite("live events, end to end")
struct LiveEventsEndpointTests {
    /// A ticket for `token`'s session.
    static func ticket(_ app: TestApplication, _ auth: TestApplication.Auth = .owner) throws -> String {
        let response = try app.request("POST", "/v1/events/tickets", auth: auth)
        #expect(response.status == 201, "\(response.text)")
        #expect(response.header("Cache-Control") == "no-store")
        return try #require(TestApplication.object(response)["ticket"] as? String)
    }

    /// The application's owner's id.
    static func owner(_ app: TestApplication) throws -> UserID {
        UserID(try #require(TestApplication.object(try app.request("GET", "/v1/me"))["id"] as? String))
    }

    static func open(_ app: TestApplication, token: String? = nil, lastEventID: String? = nil, language: String? = nil) throws -> LiveStream {
        var headers = ["Authorization": "Bearer \(token ?? app.token)"]
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        if let language { headers["Accept-Language"] = language }
        return try LiveStream(port: app.port, target: "/v1/events", headers: headers)
    }

    @Test("money sent to another user reaches the recipient's open stream within a second, with the credited account's new balance")
    func transferReachesRecipient() throws {
        let app = try TestApplication()
        let payee = try app.register(email: "payee@example.com")
        let stream = try Self.open(app, token: payee)
        #expect(stream.status == 200)
        #expect(stream.head.contains("Content-Type: text/event-stream; charset=utf-8"))
        #expect(stream.head.contains("X-Accel-Buffering: no"))
        #expect(stream.head.contains("Cache-Control: no-store"))
        #expect(stream.next()?.type == "retry")
        let ready = try #require(stream.next())
        #expect(ready.type == "ready")
        let (account, contact) = try PendingTransfersEndpointTests.sender(app, paying: "payee@example.com")
        let sentAt = Date()
        _ = try PendingTransfersEndpointTests.pay(app, account, contact, "12.50")
        let received = try #require(stream.next(within: 1), "no event within a second")
        #expect(Date().timeIntervalSince(sentAt) < 1)
        #expect(received.type == "transfer.received")
        #expect(Int(received.id ?? "") == Int(ready.id ?? "")! + 1)
        let data = received.object
        #expect(data["type"] as? String == "transfer.received")
        #expect((data["message"] as? String)?.contains("12.50") == true)
        let accounts = try #require(data["accounts"] as? [[String: Any]])
        #expect(((accounts.first?["balance"] as? [String: Any])?["minor"] as? Int) == 1250)
        #expect(data["transfer"] == nil, "the sender's transfer is not the recipient's to read")
    }

    @Test("the sender's own stream shows the transfer and the source account's new balance, in the stream's language")
    func senderSeesTransferInFrench() throws {
        let app = try TestApplication()
        _ = try app.register(email: "payee@example.com")
        let (account, contact) = try PendingTransfersEndpointTests.sender(app, paying: "payee@example.com")
        let stream = try Self.open(app, language: "fr")
        #expect(stream.head.contains("Content-Language: fr"))
        _ = stream.events(until: "ready")
        _ = try PendingTransfersEndpointTests.pay(app, account, contact, "10.00")
        let sent = try #require(stream.next())
        #expect(sent.type == "transfer.sent")
        #expect((sent.object["message"] as? String)?.hasPrefix("Vous avez envoyé") == true)
        #expect((sent.object["transfer"] as? [String: Any])?["status"] as? String == "completed")
        let accounts = try #require(sent.object["accounts"] as? [[String: Any]])
        #expect(accounts.first?["id"] as? String == account)
        #expect(((accounts.first?["balance"] as? [String: Any])?["minor"] as? Int) == 9000)
    }

    @Test("a stream resumed after its last id gets what happened meanwhile once, in order, then ready")
    func resumes() throws {
        let app = try TestApplication()
        let first = try Self.open(app)
        let ready = try #require(first.events(until: "ready").last)
        first.close()
        for name in ["Ann", "Bea", "Cy"] {
            #expect(try app.request("POST", "/v1/contacts", json: #"{"firstName":"\#(name)"}"#).status == 201)
        }
        let ticket = try Self.ticket(app)
        let resumed = try LiveStream(port: app.port, target: "/v1/events?ticket=\(ticket)&lastEventId=\(ready.id ?? "")")
        #expect(resumed.status == 200)
        let events = resumed.events(until: "ready").filter { $0.type != "retry" }
        #expect(events.map(\.type) == ["contact.created", "contact.created", "contact.created", "ready"])
        let ids = events.compactMap { $0.id.flatMap { Int64($0) } }
        let base = try #require(Int64(ready.id ?? ""))
        #expect(ids == [base + 1, base + 2, base + 3, base + 3])
        #expect(events.map { ($0.object["contact"] as? [String: Any])?["firstName"] as? String }.prefix(3) == ["Ann", "Bea", "Cy"])
        // The header wins over the parameter.
        let both = try LiveStream(
            port: app.port, target: "/v1/events?lastEventId=0", headers: ["Authorization": "Bearer \(app.token)", "Last-Event-ID": "\(base + 2)"])
        #expect(both.events(until: "ready").filter { $0.type == "contact.created" }.count == 1)
    }

    @Test("an id the outbox no longer holds, or one past the user's newest, answers reset with where the stream carries on, never a silent gap")
    func resetOnGap() throws {
        let app = try TestApplication()
        #expect(try app.request("POST", "/v1/contacts", json: #"{"firstName":"Ann"}"#).status == 201)
        let newest = try #require(try app.application.storage.gateway.outbox.lastPosition(of: try Self.owner(app)))
        let ahead = try Self.open(app, lastEventID: "999")
        let unknown = try #require(ahead.events(until: "ready").first { $0.type == "reset" })
        #expect(unknown.object["reason"] as? String == "unknown")
        #expect(unknown.object["position"] as? Int == Int(newest))
        #expect(unknown.id == "\(newest)")
        // Everything older than now is purged, as the retention period would.
        _ = try app.application.storage.gateway.outbox.purgeEvents(createdBefore: Date().addingTimeInterval(60), limit: 1000)
        let behind = try Self.open(app, lastEventID: "0")
        let events = behind.events(until: "ready").filter { $0.type != "retry" }
        #expect(events.map(\.type) == ["reset", "ready"])
        #expect(events.first?.object["reason"] as? String == "retention")
        #expect((events.first?.object["detail"] as? String)?.isEmpty == false)
    }

    @Test("a ticket opens one stream, once: used, unknown or junk tickets are 401, and a session holds at most ten")
    func tickets() throws {
        let app = try TestApplication()
        let ticket = try Self.ticket(app)
        let opened = try LiveStream(port: app.port, target: "/v1/events?ticket=\(ticket)")
        #expect(opened.status == 200)
        let again = try LiveStream(port: app.port, target: "/v1/events?ticket=\(ticket)")
        #expect(again.status == 401)
        #expect(again.refusal["code"] as? String == "unauthorized")
        #expect(try LiveStream(port: app.port, target: "/v1/events?ticket=nope").status == 401)
        #expect(try LiveStream(port: app.port, target: "/v1/events").status == 401)
        #expect(try app.request("POST", "/v1/events/tickets", auth: .none).status == 401)
        // Ten unexpired tickets besides the one used.
        for _ in 0..<10 { _ = try Self.ticket(app) }
        let over = try app.request("POST", "/v1/events/tickets")
        #expect(over.status == 429)
        #expect(TestApplication.object(over)["code"] as? String == "rate_limited")
        #expect(over.header("Retry-After") != nil)
        let bad = try Self.open(app, lastEventID: "-1")
        #expect(bad.status == 400)
        #expect(((bad.refusal["errors"] as? [[String: Any]])?.first?["parameter"] as? String) == "lastEventId")
    }

    @Test("past the per-user cap a stream is 429 too_many_streams; past the cap in all, 503 streams_busy; a closed stream frees its place")
    func caps() throws {
        let app = try TestApplication { $0.liveEventPolicy.streamsPerUser = 2; $0.liveEventPolicy.streamsInAll = 3 }
        let other = try app.register(email: "other@example.com")
        let one = try Self.open(app)
        let two = try Self.open(app)
        #expect(one.status == 200 && two.status == 200)
        let third = try Self.open(app)
        #expect(third.status == 429)
        #expect(third.refusal["code"] as? String == "too_many_streams")
        let others = try Self.open(app, token: other)
        #expect(others.status == 200)
        let full = try Self.open(app, token: other)
        #expect(full.status == 503)
        #expect(full.head.contains("Retry-After: 5"))
        #expect(full.refusal["code"] as? String == "streams_busy")
        one.close()
        var reopened: LiveStream?
        #expect(eventually {
            reopened = try? Self.open(app, token: other)
            return reopened?.status == 200
        })
    }

    @Test("signing out ends that session's stream within a second with session.ended; another session's stream stays open")
    func signOutEndsStream() throws {
        let app = try TestApplication()
        let second = try app.signIn(email: "owner@example.com")
        let ending = try Self.open(app)
        let staying = try Self.open(app, token: second)
        _ = ending.events(until: "ready")
        _ = staying.events(until: "ready")
        let signedOutAt = Date()
        #expect(try app.request("DELETE", "/v1/sessions/current").status == 204)
        let last = try #require(ending.next(within: 1))
        #expect(last.type == "session.ended")
        #expect(Date().timeIntervalSince(signedOutAt) < 1)
        #expect(ending.endsWithin(1))
        #expect(try app.request("POST", "/v1/contacts", json: #"{"firstName":"Ann"}"#, auth: .bearer(second)).status == 201)
        #expect(staying.next()?.type == "contact.created")
    }

    @Test("a stream opened by a ticket speaks the language the ticket was asked in, whatever the browser's own Accept-Language")
    func ticketLanguage() throws {
        let app = try TestApplication()
        let response = try app.request("POST", "/v1/events/tickets", headers: ["Accept-Language": "fr"])
        let ticket = try #require(TestApplication.object(response)["ticket"] as? String)
        let stream = try LiveStream(port: app.port, target: "/v1/events?ticket=\(ticket)", headers: ["Accept-Language": "en-US"])
        #expect(stream.head.contains("Content-Language: fr"))
        _ = stream.events(until: "ready")
        #expect(try app.request("POST", "/v1/contacts", json: #"{"firstName":"Ann"}"#).status == 201)
        #expect(stream.next()?.object["message"] as? String == "Un contact a été ajouté")
    }
}
