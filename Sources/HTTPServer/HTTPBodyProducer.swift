/// A response body made piece by piece while the client reads it, for answers too large to
/// hold whole (the banking report).
///
/// The connection pulls the next piece only once its unsent output is below its high-water mark,
/// so a client that reads slowly holds back the producer rather than filling memory. It frames
/// the pieces as HTTP/1.1 chunks (an HTTP/1.0 client gets the body delimited by the connection's
/// close).
///
/// Both requirements run on a worker thread, never on the event loop and never at the same time
/// as each other (hence `Sendable` for a class whose state is confined that way), so a producer
/// may block on storage.
public protocol HTTPBodyProducer: AnyObject, Sendable {
    /// Appends the body's next bytes to `chunk` (empty when called) and returns true while more
    /// will follow; false when this was the last piece. Throwing ends the body truncated: the
    /// connection sends no terminating chunk and closes, so no client takes a partial body for a
    /// whole one.
    func next(into chunk: inout [UInt8]) throws -> Bool

    /// Called exactly once, after the last `next`, whatever the ending (complete, thrown, the
    /// client gone or dropped, a HEAD request, a response never sent): give back what the body
    /// holds (a read transaction, a connection).
    func finish()
}
