import Domain
import HTTPServer
import Logging
import Presentation

/// Runs an unsafe POST's scene at most once per `Idempotency-Key`: the one mechanism for every
/// such route (orders now, transfers later).
///
/// Without the header the scene just runs. With it: the key is reserved for this user with a
/// fingerprint of method, path and body; the scene runs; a final answer (2xx, or 409 — an
/// answer about state, such as `invalid_transition`) is stored with the headers that matter
/// and replayed byte for byte, with `Idempotent-Replayed: true`, to every retry within 24 hours.
/// Any other answer (400, 404, 415, 422: refused before anything changed; 5xx) releases the
/// key, so a corrected retry may use it. The same key with another request is 409
/// `idempotency_key_reused`; a retry while the first is running is 409 `idempotency_in_flight`
/// (it does not wait for the first to finish: a request never holds a worker thread for another
/// one; it may wait for a commit in progress on the key's record).
///
/// A transfer names its key's record in its own transaction (`respondStoringKey`): its stored
/// response then commits without waiting for a flush, since a crash that loses it leaves the
/// record in flight with the transfer, and the same request taking the key over after the
/// timeout answers that transfer as it is now (`resume`) instead of moving the money again. A
/// record naming a transfer is never released, whatever the answer: the transfer may have
/// committed.
struct IdempotentExecution {
    static let header = "Idempotency-Key"
    static let replayedHeader = "Idempotent-Replayed"
    /// The response headers a replay repeats; the rest (request id, connection) are per exchange.
    static let storedHeaders = ["Content-Type", "Location", "ETag"]

    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    /// Whether a response is the request's final answer, to be replayed rather than retried.
    static func isFinal(_ status: Int) -> Bool {
        (200..<300).contains(status) || status == 409
    }

    func respond(to request: HTTPRequest, _ scene: () -> HTTPResponse) -> HTTPResponse {
        respond(to: request, completionWaitsForFlush: true, { _ in scene() }, resume: nil)
    }

    /// For a scene whose write names its transfer in the key's record (`NewTransfer.idempotency`):
    /// `scene` gets the key and the request's fingerprint (nil without the header); `resume`
    /// answers the transfer, as it is now, that a run which stopped before storing its response
    /// made.
    func respondStoringKey(
        to request: HTTPRequest, _ scene: (IdempotentRequest?) -> HTTPResponse, resume: @escaping (TransferID) -> HTTPResponse
    ) -> HTTPResponse {
        respond(to: request, completionWaitsForFlush: false, scene, resume: resume)
    }

    /// `resume` nil: the route names nothing in its records, so `.resumed` (only a transfer's
    /// own write names one, and only the same method, path and body resumes it) runs the scene.
    private func respond(
        to request: HTTPRequest, completionWaitsForFlush: Bool, _ scene: (IdempotentRequest?) -> HTTPResponse,
        resume: ((TransferID) -> HTTPResponse)?
    ) -> HTTPResponse {
        let values = request.headers.values(for: Self.header)
        guard !values.isEmpty else { return scene(nil) }
        guard values.count == 1, let key = IdempotencyKey(values[0]) else {
            return IdempotencyProblems.invalidKey(context: context)
        }
        let idempotency = dependencies.gateway.idempotency
        let now = dependencies.clock.now()
        let path = request.query.map { request.path + "?" + $0 } ?? request.path
        let fingerprint = dependencies.fingerprinter.fingerprint(method: request.method.rawValue, path: path, body: request.body)
        let reservation: IdempotencyReservation
        do {
            reservation = try idempotency.reserve(owner: user.id, key: key, fingerprint: fingerprint, now: now)
        } catch {
            return IdempotencyProblems.storage(error, context: context)
        }
        switch reservation {
        case .replay(let stored):
            return Self.replay(stored)
        case .keyReused:
            return IdempotencyProblems.keyReused(context: context)
        case .inFlight:
            return IdempotencyProblems.inFlight(context: context)
        case .resumed(let transfer):
            // A route that names nothing in its records runs as reserved (see `resume` above).
            guard let resume else { fallthrough }
            var response = resume(transfer)
            // A resume that could not read the transfer (a storage failure) leaves the record in
            // flight, naming it, for the next retry to resume.
            guard Self.isFinal(response.status.code) else { return response }
            finish(key: key, response: response, waitsForFlush: completionWaitsForFlush)
            response.headers.add(name: Self.replayedHeader, value: "true")
            return response
        case .reserved:
            let response = scene(IdempotentRequest(key: key, fingerprint: fingerprint))
            finish(key: key, response: response, waitsForFlush: completionWaitsForFlush)
            return response
        }
    }

    /// Stores a final response, or releases the key (unless its record names a transfer: see
    /// `IdempotencyManager.release`). A failure here is logged, not answered:
    /// the scene's answer is already true (an order may exist), so the client must get it.
    private func finish(key: IdempotencyKey, response: HTTPResponse, waitsForFlush: Bool) {
        let idempotency = dependencies.gateway.idempotency
        do {
            if Self.isFinal(response.status.code) {
                let headers = Self.storedHeaders.compactMap { name in response.headers[name].map { StoredResponse.Header(name: name, value: $0) } }
                let stored = StoredResponse(status: response.status.code, headers: headers, body: response.body)
                if try !idempotency.complete(owner: user.id, key: key, response: stored, waitsForFlush: waitsForFlush) {
                    dependencies.logger.warning("idempotency key was taken over before its response was stored")
                }
            } else {
                try idempotency.release(owner: user.id, key: key)
            }
        } catch {
            dependencies.logger.error("idempotency record not finished: \(error)")
        }
    }

    static func replay(_ stored: StoredResponse) -> HTTPResponse {
        var headers = HTTPHeaders(stored.headers.map { ($0.name, $0.value) })
        headers.add(name: replayedHeader, value: "true")
        return HTTPResponse(status: HTTPStatus(code: stored.status), headers: headers, body: stored.body)
    }
}
