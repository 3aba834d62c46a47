/// What makes two requests with one `Idempotency-Key` the same request: a digest of method,
/// path and body. Equal fingerprints mean equal requests; computed outside the Domain
/// (Security) so the Domain names no hash function.
public protocol RequestFingerprinter: Sendable {
    /// `path` includes the query string when there is one.
    func fingerprint(method: String, path: String, body: [UInt8]) -> String
}
