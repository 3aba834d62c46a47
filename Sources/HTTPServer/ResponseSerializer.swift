/// Turns an `HTTPResponse` into wire bytes; the server owns every framing header.
enum ResponseSerializer {
    /// Fields the server writes itself; handler-set values are dropped.
    private static let serverOwned = [
        "content-length", "transfer-encoding", "connection", "date", "server", "x-request-id", "keep-alive",
    ]

    static let continueBytes: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// - Parameters:
    ///   - includeBody: false for HEAD, which gets the GET's headers but no content.
    ///   - connectionHeader: `close`, `keep-alive` (HTTP/1.0 keep-alive) or nil.
    static func serialize(
        _ response: HTTPResponse, into out: inout [UInt8], includeBody: Bool, date: [UInt8],
        requestID: String, connectionHeader: String?
    ) {
        out.reserveCapacity(out.count + 192 + response.body.count)
        append("HTTP/1.1 ", to: &out)
        append(String(response.status.code), to: &out)
        out.append(ASCII.space)
        append(sanitizedReason(response.status.reasonPhrase), to: &out)
        out.append(ASCII.cr)
        out.append(ASCII.lf)
        for field in response.headers where isValid(field) {
            if serverOwned.contains(where: { HTTPHeaders.namesEqual($0, field.name) }) { continue }
            append(field.name, to: &out)
            out.append(ASCII.colon)
            out.append(ASCII.space)
            append(field.value, to: &out)
            out.append(ASCII.cr)
            out.append(ASCII.lf)
        }
        if !response.status.forbidsBody {
            append("Content-Length: ", to: &out)
            append(String(response.body.count), to: &out)
            out.append(ASCII.cr)
            out.append(ASCII.lf)
        }
        append("Date: ", to: &out)
        out.append(contentsOf: date)
        append("\r\nServer: viperd\r\nX-Request-ID: ", to: &out)
        append(requestID, to: &out)
        if let connectionHeader {
            append("\r\nConnection: ", to: &out)
            append(connectionHeader, to: &out)
        }
        append("\r\n\r\n", to: &out)
        if includeBody && !response.status.forbidsBody {
            out.append(contentsOf: response.body)
        }
    }

    @inline(__always) private static func append(_ string: String, to out: inout [UInt8]) {
        out.append(contentsOf: string.utf8)
    }

    /// A field that would split the response (CR, LF, NUL) or is not a token is never written.
    private static func isValid(_ field: HTTPHeaders.Field) -> Bool {
        guard !field.name.isEmpty, field.name.utf8.allSatisfy(ASCII.isToken) else { return false }
        return field.value.utf8.allSatisfy(ASCII.isFieldValue)
    }

    private static func sanitizedReason(_ reason: String) -> String {
        reason.utf8.allSatisfy(ASCII.isFieldValue) ? reason : "Status"
    }
}
