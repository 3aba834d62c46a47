/// The request line and header section (RFC 9112 §2–§5).
extension HTTPRequestParser {
    /// RFC 9112 §2.2 asks servers to ignore at least one empty line before a request line.
    static let maxLeadingEmptyLines = 8
    /// Body bytes reserved when a Content-Length is read; a larger body grows as it arrives.
    static let initialBodyReservation = 64 * 1024

    mutating func parseHead(_ buf: UnsafeBufferPointer<UInt8>, _ progress: inout HeadProgress) -> Event {
        while true {
            guard let lf = Self.indexOfLineFeed(buf, from: progress.scanIndex) else {
                progress.scanIndex = buf.count
                // Refuse a line as soon as its first bytes are wrong, not after a timeout. A
                // trailing CR may begin the line's CRLF: it is not content yet.
                var contentEnd = buf.count
                if contentEnd > progress.lineStart, buf[contentEnd - 1] == ASCII.cr { contentEnd -= 1 }
                if let error = judge(buf, progress.lineStart..<contentEnd, progress) { return .failure(error) }
                return .needMore
            }
            let crlf = lf > progress.lineStart && buf[lf - 1] == ASCII.cr
            if let error = judge(buf, progress.lineStart..<(crlf ? lf - 1 : lf), progress) { return .failure(error) }
            guard crlf else { return .failure(.init(.bareLineFeed)) }
            let line = progress.lineStart..<(lf - 1)
            let nextLine = lf + 1

            if progress.requestLine == nil {
                if line.isEmpty {
                    progress.leadingEmptyLines += 1
                    if progress.leadingEmptyLines > Self.maxLeadingEmptyLines {
                        return .failure(.init(.invalidRequestLine))
                    }
                    start = nextLine
                } else {
                    switch Self.parseRequestLine(buf, line) {
                    case .success(let requestLine):
                        progress.requestLine = requestLine
                        currentMethod = requestLine.method
                    case .failure(let error): return .failure(error)
                    }
                    progress.headerSectionStart = nextLine
                }
            } else if line.isEmpty {
                start = nextLine
                return finishHead(progress)
            } else {
                if progress.headers.count >= limits.maxHeaderCount { return .failure(.init(.tooManyHeaders)) }
                switch Self.parseFieldLine(buf, line) {
                case .failure(let error): return .failure(error)
                case .success(let (name, value)):
                    if let error = Self.inspect(buf, name: name, value: value, into: &progress) {
                        return .failure(error)
                    }
                    progress.headers.add(name: Self.string(buf, name), value: Self.string(buf, value))
                }
            }
            progress.lineStart = nextLine
            progress.scanIndex = nextLine
        }
    }

    /// The verdict on a line's content as read so far (`range`, without its line ending): the
    /// first content error within the limits, else the line limit, else the header-section limit
    /// (counting the line's CRLF, which must still come). Decided by position, so the answer is
    /// the same however the bytes were split across reads (Scripts/fuzz/fuzz.sh checks this).
    func judge(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ progress: HeadProgress) -> HTTPParseError? {
        let isRequestLine = progress.requestLine == nil
        let lineLimit = isRequestLine ? limits.maxRequestLineBytes : limits.maxHeaderLineBytes
        var judgedEnd = min(range.upperBound, range.lowerBound + lineLimit)
        // The section limit counts lines with their CRLF; the empty line that ends it is free.
        let sectionEnd = progress.headerSectionStart + limits.maxHeaderBytes - 2
        if !isRequestLine { judgedEnd = max(range.lowerBound, min(judgedEnd, sectionEnd)) }
        let judged = range.lowerBound..<judgedEnd
        if let error = isRequestLine ? Self.checkPartialRequestLine(buf, judged) : Self.checkPartialFieldLine(buf, judged) {
            return error
        }
        if range.count > lineLimit { return .init(isRequestLine ? .requestLineTooLong : .headerLineTooLong) }
        if !isRequestLine && !range.isEmpty && range.upperBound > sectionEnd { return .init(.headerSectionTooLarge) }
        return nil
    }

    /// Semantic checks that need the whole header section.
    private mutating func finishHead(_ progress: HeadProgress) -> Event {
        guard let line = progress.requestLine else { return .failure(.init(.invalidRequestLine)) }
        currentHeaders = progress.headers
        let isHTTP11 = line.version == .http1_1
        if progress.hostCount > 1 { return .failure(.init(.multipleHosts)) }
        if isHTTP11 && progress.hostCount == 0 && limits.requireHost { return .failure(.init(.missingHost)) }

        let framing: HTTPRequestHead.Framing
        if progress.hasTransferEncoding {
            if !isHTTP11 { return .failure(.init(.transferEncodingInHTTP10)) }
            if progress.contentLengthCount > 0 { return .failure(.init(.contentLengthWithTransferEncoding)) }
            let codings = progress.transferCodings
            guard codings.last == "chunked", !codings.dropLast().contains("chunked") else {
                return .failure(.init(.chunkedNotFinal))
            }
            if codings.count > 1 { return .failure(.init(.unsupportedTransferCoding)) }
            framing = .chunked
        } else if progress.contentLengthCount > 1 {
            return .failure(.init(.multipleContentLengths))
        } else if let length = progress.contentLength {
            if length > limits.maxBodyBytes { return .failure(.init(.bodyTooLarge)) }
            framing = length == 0 ? .none : .length(length)
        } else {
            framing = .none
        }
        if progress.unsupportedExpectation && isHTTP11 { return .failure(.init(.unsupportedExpectation)) }

        let keepAlive = isHTTP11 ? !progress.connectionClose : progress.connectionKeepAlive && !progress.connectionClose
        let head = HTTPRequestHead(
            method: line.method, target: line.target, path: line.path, query: line.query,
            version: line.version, headers: progress.headers, framing: framing, keepAlive: keepAlive,
            expectsContinue: progress.expectsContinue && isHTTP11 && framing != .none)
        var body = BodyProgress()
        body.wireStart = start
        switch framing {
        case .none: body.remaining = 0
        case .length(let length):
            body.remaining = length
            // Only a bounded part up front: a Content-Length is a claim, not bytes. Reserving all
            // of it let a client that never sends the body pin `maxBodyBytes` per connection (and,
            // with a limit above the machine's memory, abort the process on the allocation).
            body.body.reserveCapacity(min(length, Self.initialBodyReservation))
        case .chunked: body.chunk = .sizeLine
        }
        state = .body(head, body)
        return .head(head)
    }

    // MARK: request line

    static func parseRequestLine(_ buf: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Result<RequestLine, HTTPParseError> {
        let end = line.upperBound
        let (methodEnd, tooLong) = scanMethod(buf, line)
        if tooLong { return .failure(.init(.methodNotImplemented)) }
        var i = methodEnd
        if i == line.lowerBound { return .failure(.init(.invalidMethod)) }
        guard i < end, buf[i] == ASCII.space else {
            return .failure(.init(i < end && buf[i] != ASCII.tab ? .invalidMethod : .invalidRequestLine))
        }
        // An unrecognized method is judged after the version: a request in another protocol
        // version (the HTTP/2 preface `PRI * HTTP/2.0`) is 505 whatever its method.
        let methodResult = implementedMethod(buf, line.lowerBound..<i)
        func refuse(_ reason: HTTPParseError.Reason) -> Result<RequestLine, HTTPParseError> {
            if case .failure(let error) = methodResult { return .failure(error) }
            return .failure(.init(reason))
        }
        i += 1
        let targetStart = i
        while i < end, ASCII.isTarget(buf[i]) { i += 1 }
        if i == targetStart { return refuse(.invalidRequestLine) }
        guard i < end, buf[i] == ASCII.space else {
            return refuse(i < end && !ASCII.isWhitespace(buf[i]) ? .invalidRequestTarget : .invalidRequestLine)
        }
        let targetRange = targetStart..<i
        i += 1
        let version: HTTPVersion
        switch parseVersion(buf, i..<end) {
        case .success(let parsed): version = parsed
        case .failure(let error) where error.reason == .unsupportedVersion: return .failure(error)
        case .failure(let error): return refuse(error.reason)
        }
        let method: HTTPMethod
        switch methodResult {
        case .success(let known): method = known
        case .failure(let error): return .failure(error)
        }

        let target = string(buf, targetRange)
        guard let (path, query) = splitTarget(buf, targetRange, method: method) else {
            return .failure(.init(.invalidRequestTarget))
        }
        return .success(RequestLine(method: method, target: target, path: path, query: query, version: version))
    }

    /// The end of the method token starting the line, and whether the token is already longer
    /// than any implemented method (then it is 501 whatever follows, decided without buffering).
    static func scanMethod(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (end: Int, tooLong: Bool) {
        var i = range.lowerBound
        let limit = range.lowerBound + HTTPMethod.longestImplemented
        while i < range.upperBound, ASCII.isToken(buf[i]) {
            if i == limit { return (i, true) }
            i += 1
        }
        return (i, false)
    }

    /// The implemented method spelled by `range` (case-sensitive, RFC 9110 §9.1), else 501.
    static func implementedMethod(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<HTTPMethod, HTTPParseError> {
        for method in HTTPMethod.recognized where method.rawValue.utf8.elementsEqual(buf[range]) {
            return .success(method)
        }
        if HTTPMethod.connect.rawValue.utf8.elementsEqual(buf[range]) { return .failure(.init(.connectNotSupported)) }
        return .failure(.init(.methodNotImplemented))
    }

    /// `HTTP/1.1` or `HTTP/1.0`; a higher `HTTP/1.x` is served as 1.1 (RFC 9112 §2.3); another
    /// well-formed version is 505, anything else 400.
    static func parseVersion(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<HTTPVersion, HTTPParseError> {
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard range.count == 8 else { return .failure(.init(.invalidVersion)) }
        for (offset, byte) in prefix.enumerated() where buf[range.lowerBound + offset] != byte {
            return .failure(.init(.invalidVersion))
        }
        let major = buf[range.lowerBound + 5]
        let dot = buf[range.lowerBound + 6]
        let minor = buf[range.lowerBound + 7]
        guard (0x30...0x39).contains(major), dot == ASCII.dot, (0x30...0x39).contains(minor) else {
            return .failure(.init(.invalidVersion))
        }
        guard major == 0x31 else { return .failure(.init(.unsupportedVersion)) }
        return .success(minor == 0x30 ? .http1_0 : .http1_1)
    }

    /// origin-form, asterisk-form (OPTIONS only) or absolute-form (`http[s]://authority/path?query`).
    static func splitTarget(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, method: HTTPMethod) -> (String, String?)? {
        var pathStart = range.lowerBound
        for index in range where buf[index] == ASCII.hash { return nil }
        if buf[range.lowerBound] == ASCII.asterisk {
            guard range.count == 1, method == .options else { return nil }
            return ("*", nil)
        }
        if buf[range.lowerBound] != ASCII.slash {
            // absolute-form: scheme "://" authority [ path-abempty ] [ "?" query ]
            var i = range.lowerBound
            while i < range.upperBound, isSchemeByte(buf[i]) { i += 1 }
            guard i > range.lowerBound, range.upperBound - i >= 3, buf[i] == ASCII.colon,
                buf[i + 1] == ASCII.slash, buf[i + 2] == ASCII.slash
            else { return nil }
            let scheme = range.lowerBound..<i
            guard ASCII.equalsLowercased(buf, scheme, "http") || ASCII.equalsLowercased(buf, scheme, "https") else {
                return nil
            }
            i += 3
            let authorityStart = i
            while i < range.upperBound, buf[i] != ASCII.slash, buf[i] != ASCII.question { i += 1 }
            if i == authorityStart { return nil }
            if i == range.upperBound { return ("/", nil) }
            if buf[i] == ASCII.question {
                return ("/", string(buf, (i + 1)..<range.upperBound))
            }
            pathStart = i
        }
        var i = pathStart
        while i < range.upperBound, buf[i] != ASCII.question { i += 1 }
        let path = string(buf, pathStart..<i)
        let query = i < range.upperBound ? string(buf, (i + 1)..<range.upperBound) : nil
        return (path, query)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2D, 0x2E: true
        default: false
        }
    }

    // MARK: field lines

    /// `field-name ":" OWS field-value OWS`; returns the name and the trimmed value ranges.
    static func parseFieldLine(_ buf: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Result<(Range<Int>, Range<Int>), HTTPParseError> {
        let end = line.upperBound
        if ASCII.isWhitespace(buf[line.lowerBound]) { return .failure(.init(.obsoleteLineFolding)) }
        var i = line.lowerBound
        while i < end, ASCII.isToken(buf[i]) { i += 1 }
        guard i < end, i > line.lowerBound else { return .failure(.init(.invalidHeaderName)) }
        if ASCII.isWhitespace(buf[i]) {
            var j = i
            while j < end, ASCII.isWhitespace(buf[j]) { j += 1 }
            return .failure(.init(j < end && buf[j] == ASCII.colon ? .whitespaceBeforeColon : .invalidHeaderName))
        }
        guard buf[i] == ASCII.colon else { return .failure(.init(.invalidHeaderName)) }
        let name = line.lowerBound..<i
        var valueStart = i + 1
        while valueStart < end, ASCII.isWhitespace(buf[valueStart]) { valueStart += 1 }
        var valueEnd = end
        while valueEnd > valueStart, ASCII.isWhitespace(buf[valueEnd - 1]) { valueEnd -= 1 }
        for index in valueStart..<valueEnd where !ASCII.isFieldValue(buf[index]) {
            return .failure(.init(.invalidHeaderValue))
        }
        return .success((name, valueStart..<valueEnd))
    }

    /// Records the fields that decide framing and connection handling.
    private static func inspect(_ buf: UnsafeBufferPointer<UInt8>, name: Range<Int>, value: Range<Int>, into progress: inout HeadProgress) -> HTTPParseError? {
        switch name.count {
        case 4 where ASCII.equalsLowercased(buf, name, "host"):
            progress.hostCount += 1
            if !isValidHost(buf, value) { return .init(.invalidHost) }
        case 6 where ASCII.equalsLowercased(buf, name, "expect"):
            if ASCII.equalsLowercased(buf, value, "100-continue") {
                progress.expectsContinue = true
            } else {
                progress.unsupportedExpectation = true
            }
        case 10 where ASCII.equalsLowercased(buf, name, "connection"):
            forEachListElement(buf, value) { element in
                if ASCII.equalsLowercased(buf, element, "close") { progress.connectionClose = true }
                if ASCII.equalsLowercased(buf, element, "keep-alive") { progress.connectionKeepAlive = true }
            }
        case 14 where ASCII.equalsLowercased(buf, name, "content-length"):
            progress.contentLengthCount += 1
            if progress.contentLengthCount > 1 { return .init(.multipleContentLengths) }
            guard let length = parseDecimal(buf, value) else { return .init(.invalidContentLength) }
            progress.contentLength = length
        case 17 where ASCII.equalsLowercased(buf, name, "transfer-encoding"):
            progress.hasTransferEncoding = true
            var invalid = false
            forEachListElement(buf, value) { element in
                var i = element.lowerBound
                while i < element.upperBound, ASCII.isToken(buf[i]) { i += 1 }
                // A coding with parameters (`gzip;q=1`) is still a coding we do not support.
                if i == element.lowerBound { invalid = true }
                progress.transferCodings.append(string(buf, element.lowerBound..<i).lowercased())
            }
            if invalid { return .init(.chunkedNotFinal) }
        default:
            break
        }
        return nil
    }

    /// Calls `body` with each non-empty element of a comma-separated list, OWS trimmed.
    static func forEachListElement(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var elementStart = range.lowerBound
        var i = range.lowerBound
        while i <= range.upperBound {
            if i == range.upperBound || buf[i] == ASCII.comma {
                var lower = elementStart
                var upper = i
                while lower < upper, ASCII.isWhitespace(buf[lower]) { lower += 1 }
                while upper > lower, ASCII.isWhitespace(buf[upper - 1]) { upper -= 1 }
                if lower < upper { body(lower..<upper) }
                elementStart = i + 1
            }
            i += 1
        }
    }

    /// Strict `1*DIGIT` with overflow checking; nil for anything else.
    static func parseDecimal(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        for index in range {
            let byte = buf[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - 0x30))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    static func string(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
    }
}
