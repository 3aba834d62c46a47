import Presentation

/// The server-sent-events framing (WHATWG HTML § 9.2.6) of what a live stream says: each frame
/// is its fields, one per line, and a blank line. `data` is always one line of JSON, so it needs
/// no splitting.
enum EventStreamFrames {
    /// The reconnection delay a stream opens with, in milliseconds.
    static let openingRetryMilliseconds = 2000
    /// The delay a stream ended by shutdown leaves, so clients come back soon (to another instance).
    static let shutdownRetryMilliseconds = 1000

    /// The stream's first bytes: how long a client waits before reconnecting.
    static var opening: [UInt8] { retry(openingRetryMilliseconds) }
    /// A comment: it keeps proxies and clients from taking a quiet stream for a dead one.
    static let heartbeat = Array(": heartbeat\n\n".utf8)
    /// The last bytes of a stream the server ends by shutting down.
    static var farewell: [UInt8] { retry(shutdownRetryMilliseconds) }

    static func retry(_ milliseconds: Int) -> [UInt8] { Array("retry: \(milliseconds)\n\n".utf8) }

    /// A frame with an `id` (nil: the client's last id stays), an `event` type and JSON `data`.
    static func frame(id: Int64?, event: String, data: some JSONWritable) -> [UInt8] {
        var json = JSONOutput(capacity: 1024)
        data.write(to: &json)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.bytes.count + 64)
        if let id { bytes.append(contentsOf: "id: \(id)\n".utf8) }
        // A type is ours or an outbox type (letters, dots, underscores): never a line break.
        bytes.append(contentsOf: "event: \(event)\ndata: ".utf8)
        bytes.append(contentsOf: json.bytes)
        bytes.append(contentsOf: "\n\n".utf8)
        return bytes
    }
}

/// `{"position": n}`: the data of a `ready` frame.
struct StreamPositionData: JSONWritable {
    let position: Int64

    func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("position")
        output.integer(position)
        output.endObject()
    }
}

/// `{"detail": "…"}`: the data of a `session.ended` frame.
struct StreamEndData: JSONWritable {
    let detail: String

    func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("detail", detail)
        output.endObject()
    }
}
