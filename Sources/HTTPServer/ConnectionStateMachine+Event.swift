extension ConnectionStateMachine {
    /// Something that happened to the connection.
    enum Event {
        /// The socket was accepted; a `refusal` (server or address at capacity) is answered
        /// (503) and the connection closed.
        case opened(refusal: HTTPParseError?)
        /// Bytes arrived. Only read while `wantsInput` says so.
        case bytesRead(UnsafeRawBufferPointer)
        /// The client shut its side.
        case endOfFile
        /// The read failed; the peer is gone.
        case readFailed
        /// A handler answered the request dispatched with `ticket`.
        case responseReady(HTTPResponse, ticket: UInt64)
        /// The stream's producer made its next piece; `last` when the body is complete.
        case bodyProduced([UInt8], last: Bool)
        /// The stream's producer threw: the body cannot be completed.
        case bodyFailed
        /// The application pushed bytes or ended its pushed body: take them.
        case pushWoken
        /// The pushed body's last piece and end are queued: write them, then close.
        case pushFinished
        /// Pushed bytes are queued: write them; the quiet period before a heartbeat restarts.
        case pushWritten
        /// The socket accepts writes again.
        case writable
        /// Every queued byte has been written.
        case writeDrained
        /// The socket is full with `pendingBytes` unsent; `progressed` if some bytes went out.
        case writeBlocked(pendingBytes: Int, progressed: Bool)
        /// The write failed; the peer is gone.
        case writeFailed
        /// The event loop's timer: fire whatever deadline has passed.
        case tick
        /// Graceful shutdown began: close if idle, shorten a linger.
        case shutdown
        /// Close at once, whatever the state (end of the shutdown drain).
        case abort
    }
}
