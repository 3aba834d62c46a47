extension ConnectionStateMachine {
    /// What the connection must do now.
    enum Action {
        /// Nothing until the next event.
        case none
        /// Make sure the socket is being read.
        case read
        /// Stop reading the socket.
        case stopReading
        /// Hand the request to a handler; its answer comes back as `.responseReady` with `ticket`.
        case dispatch(HTTPRequest, ticket: UInt64)
        /// Queue `100 Continue` and write; the outcome is the next event.
        case writeContinue
        /// Queue the response with this `Connection` field and write; the outcome is the next
        /// event. After a `.close` response nothing more is read.
        case write(HTTPResponse, connection: ConnectionField)
        /// Queue the head of a response whose body is streamed (`HTTPResponse.stream`) and write;
        /// the outcome is the next event. `chunked`: the body goes in HTTP/1.1 chunks, else
        /// raw until the close.
        case beginStream(HTTPResponse, connection: ConnectionField, chunked: Bool)
        /// Ask the stream's producer for its next piece, off the loop; it comes back as
        /// `.bodyProduced` or `.bodyFailed`.
        case produce
        /// Queue the head of a response whose body is pushed (`HTTPResponse.push`), with
        /// `Connection: close`, and write; `chunked`: the pieces go in HTTP/1.1 chunks.
        case beginPush(HTTPResponse, chunked: Bool)
        /// Take what the application pushed and write it (then `.pushWritten`), or end the body
        /// (`.pushFinished`), or close when the channel ended.
        case writePushed
        /// Write the pushed body's heartbeat; the outcome is the next event.
        case writeHeartbeat
        /// Shutdown: write the pushed body's farewell and its end; the outcome is the next event.
        case endPush
        /// Queue a piece of the streamed body (and, when `last`, the end of it) and write; the
        /// outcome is the next event. After the last piece the producer is finished.
        case writeBody([UInt8], chunked: Bool, last: Bool)
        /// Queue the error responder's answer to `error` with `Connection: close`, stop reading
        /// and write; the outcome is the next event.
        case refuse(HTTPParseError)
        /// Write what is queued; the outcome is the next event.
        case flush
        /// Shut the write side and read (and discard) for a while: lingering close.
        case linger
        /// Close the socket.
        case close
    }

    /// The `Connection` field of a response.
    enum ConnectionField: Equatable {
        /// No field: HTTP/1.1 keeps the connection open.
        case none
        /// `keep-alive`: an HTTP/1.0 client asked for it.
        case keepAlive
        /// `close`: the last response on this connection.
        case close

        /// The field's value, nil when there is none.
        var value: String? {
            switch self {
            case .none: nil
            case .keepAlive: "keep-alive"
            case .close: "close"
            }
        }
    }
}
