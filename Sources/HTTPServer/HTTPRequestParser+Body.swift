/// Message bodies: Content-Length and chunked (RFC 9112 §6–§7).
extension HTTPRequestParser {
    mutating func parseBody(_ buf: UnsafeBufferPointer<UInt8>, _ head: HTTPRequestHead, _ progress: inout BodyProgress) -> Event {
        switch head.framing {
        case .none:
            return finishMessage(head, body: [], trailers: HTTPHeaders())
        case .length:
            let take = min(buf.count - start, progress.remaining)
            if take > 0 {
                progress.body.append(contentsOf: UnsafeBufferPointer(rebasing: buf[start..<(start + take)]))
                start += take
                progress.remaining -= take
            }
            if progress.remaining > 0 { return .needMore }
            return finishMessage(head, body: progress.body, trailers: HTTPHeaders())
        case .chunked:
            return parseChunked(buf, head, &progress)
        }
    }

    private mutating func parseChunked(_ buf: UnsafeBufferPointer<UInt8>, _ head: HTTPRequestHead, _ progress: inout BodyProgress) -> Event {
        // The decoded body is capped by maxBodyBytes, but tiny chunks with long extensions could
        // make the bytes on the wire (all kept until the message ends) far larger: cap those too.
        let maxWireBytes = limits.maxBodyBytes + max(limits.maxBodyBytes, 64 * 1024) + limits.maxHeaderBytes
        while true {
            if start - progress.wireStart > maxWireBytes { return .failure(.init(.bodyTooLarge)) }
            switch progress.chunk {
            case .sizeLine:
                // Limits are judged on content (a trailing CR may begin the CRLF), before the line
                // ending, so the verdict does not depend on where reads split the line.
                guard let lf = Self.indexOfLineFeed(buf, from: start) else {
                    if Self.contentEnd(buf, start..<buf.count) - start > limits.maxChunkLineBytes {
                        return .failure(.init(.chunkLineTooLong))
                    }
                    return .needMore
                }
                let crlf = lf > start && buf[lf - 1] == ASCII.cr
                if (crlf ? lf - 1 : lf) - start > limits.maxChunkLineBytes { return .failure(.init(.chunkLineTooLong)) }
                guard crlf else { return .failure(.init(.bareLineFeed)) }
                let line = start..<(lf - 1)
                let size: Int
                switch Self.parseChunkSizeLine(buf, line) {
                case .success(let parsed): size = parsed
                case .failure(let error): return .failure(error)
                }
                if size > limits.maxBodyBytes - progress.body.count { return .failure(.init(.bodyTooLarge)) }
                start = lf + 1
                progress.chunk = size == 0 ? .trailers(lineStart: start, sectionStart: start) : .data(remaining: size)

            case .data(let remaining):
                let take = min(buf.count - start, remaining)
                if take == 0 { return .needMore }
                progress.body.append(contentsOf: UnsafeBufferPointer(rebasing: buf[start..<(start + take)]))
                start += take
                progress.chunk = take == remaining ? .dataTerminator : .data(remaining: remaining - take)

            case .dataTerminator:
                if buf.count - start < 2 {
                    if buf.count > start && buf[start] != ASCII.cr { return .failure(.init(.missingChunkTerminator)) }
                    return .needMore
                }
                guard buf[start] == ASCII.cr, buf[start + 1] == ASCII.lf else {
                    return .failure(.init(.missingChunkTerminator))
                }
                start += 2
                progress.chunk = .sizeLine

            case .trailers(let lineStart, let sectionStart):
                guard let lf = Self.indexOfLineFeed(buf, from: lineStart) else {
                    let content = lineStart..<Self.contentEnd(buf, lineStart..<buf.count)
                    if let error = trailerLimitError(content, sectionStart: sectionStart) { return .failure(error) }
                    return .needMore
                }
                let crlf = lf > lineStart && buf[lf - 1] == ASCII.cr
                if let error = trailerLimitError(lineStart..<(crlf ? lf - 1 : lf), sectionStart: sectionStart) {
                    return .failure(error)
                }
                guard crlf else { return .failure(.init(.bareLineFeed)) }
                let line = lineStart..<(lf - 1)
                if line.isEmpty {
                    start = lf + 1
                    return finishMessage(head, body: progress.body, trailers: progress.trailers)
                }
                if progress.trailers.count >= limits.maxHeaderCount { return .failure(.init(.tooManyHeaders)) }
                switch Self.parseFieldLine(buf, line) {
                case .failure(let error): return .failure(error)
                case .success(let (name, value)):
                    progress.trailers.add(name: Self.string(buf, name), value: Self.string(buf, value))
                }
                progress.chunk = .trailers(lineStart: lf + 1, sectionStart: sectionStart)
            }
        }
    }

    /// The end of a line's content read so far: a trailing CR may begin its CRLF.
    static func contentEnd(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        range.upperBound > range.lowerBound && buf[range.upperBound - 1] == ASCII.cr ? range.upperBound - 1 : range.upperBound
    }

    /// A trailer line's content over the line limit, or (with the CRLF it still needs) over the
    /// section limit; the empty line that ends the trailers is free.
    private func trailerLimitError(_ content: Range<Int>, sectionStart: Int) -> HTTPParseError? {
        if content.count > limits.maxHeaderLineBytes { return .init(.headerLineTooLong) }
        if !content.isEmpty && content.upperBound + 2 - sectionStart > limits.maxHeaderBytes { return .init(.headerSectionTooLarge) }
        return nil
    }

    /// `chunk-size [ chunk-ext ]`: 1*HEXDIG, then `*( BWS ";" BWS name [ BWS "=" BWS value ] )`.
    static func parseChunkSizeLine(_ buf: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Result<Int, HTTPParseError> {
        var i = line.lowerBound
        var size = 0
        while i < line.upperBound, let digit = ASCII.hexValue(buf[i]) {
            // 15 hex digits already exceed any body limit; stop before Int can overflow.
            if i - line.lowerBound >= 15 { return .failure(.init(.invalidChunkSize)) }
            size = size << 4 | digit
            i += 1
        }
        if i == line.lowerBound { return .failure(.init(.invalidChunkSize)) }
        if i == line.upperBound { return .success(size) }
        guard buf[i] == ASCII.semicolon || ASCII.isWhitespace(buf[i]) else {
            return .failure(.init(.invalidChunkSize))
        }
        return validateChunkExtensions(buf, i..<line.upperBound) ? .success(size) : .failure(.init(.invalidChunkExtension))
    }

    private static func validateChunkExtensions(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        let end = range.upperBound
        func skipWhitespace() { while i < end, ASCII.isWhitespace(buf[i]) { i += 1 } }
        func token() -> Bool {
            let tokenStart = i
            while i < end, ASCII.isToken(buf[i]) { i += 1 }
            return i > tokenStart
        }
        while i < end {
            skipWhitespace()
            guard i < end, buf[i] == ASCII.semicolon else { return false }
            i += 1
            skipWhitespace()
            guard token() else { return false }
            skipWhitespace()
            guard i < end, buf[i] == ASCII.equals else { continue }
            i += 1
            skipWhitespace()
            if i < end, buf[i] == ASCII.quote {
                i += 1
                var closed = false
                while i < end {
                    let byte = buf[i]
                    if byte == ASCII.quote { closed = true; i += 1; break }
                    if byte == ASCII.backslash {
                        i += 1
                        guard i < end, ASCII.isFieldValue(buf[i]) else { return false }
                    } else if !ASCII.isFieldValue(byte) {
                        return false
                    }
                    i += 1
                }
                guard closed else { return false }
            } else {
                guard token() else { return false }
            }
        }
        return true
    }
}
