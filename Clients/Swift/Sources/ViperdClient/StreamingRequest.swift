import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request whose response body is read as the network delivers it, for a body that
/// never ends on its own (`text/event-stream`).
///
/// `URLSession.bytes(for:)` would do this on Apple platforms, but swift-corelibs-foundation has no
/// `AsyncBytes`; a data delegate works on both, so both run the code the tests run.
final class StreamingRequest: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What the connection delivers, in order: the response's head first, then its body's bytes.
    enum Part: Sendable {
        /// The status and headers.
        case response(HTTPURLResponse)
        /// The next bytes of the body.
        case bytes(Data)
    }

    /// The response's parts; finishes when the body ends, throws when the connection fails, and
    /// cancels the request when the reader stops iterating.
    let parts: AsyncThrowingStream<Part, any Error>
    private let continuation: AsyncThrowingStream<Part, any Error>.Continuation
    private let lock = NSLock()
    private var task: URLSessionDataTask?

    /// Starts `request` on a session of its own (`configuration`): a delegate-based session keeps
    /// its delegate until invalidated, so each request's session is invalidated when it ends.
    init(_ request: URLRequest, configuration: URLSessionConfiguration) {
        (parts, continuation) = AsyncThrowingStream.makeStream()
        super.init()
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: request)
        lock.withLock { self.task = task }
        continuation.onTermination = { [weak self] _ in self?.cancel() }
        task.resume()
        session.finishTasksAndInvalidate()
    }

    /// Drops the connection; the reader sees the stream fail as with a network failure.
    func cancel() {
        lock.withLock { task }?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let response = response as? HTTPURLResponse {
            continuation.yield(.response(response))
            completionHandler(.allow)
        } else {
            continuation.finish(throwing: URLError(.badServerResponse))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
    }
}
