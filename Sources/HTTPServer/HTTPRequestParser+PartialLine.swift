/// Early refusal of a line that has not ended yet: a client that sends garbage is answered at
/// once instead of holding the connection until the header timeout.
extension HTTPRequestParser {
    /// A prefix of `method SP request-target SP HTTP/d.d`; only what can already be judged.
    static func checkPartialRequestLine(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> HTTPParseError? {
        var i = range.lowerBound
        let end = range.upperBound
        // Leading empty lines are still being skipped; a lone CR may be the start of one.
        if i < end, buf[i] == ASCII.cr { return end - i > 1 ? .init(.bareCarriageReturn) : nil }
        let (methodEnd, tooLong) = scanMethod(buf, range)
        if tooLong { return .init(.methodNotImplemented) }
        i = methodEnd
        if i == end { return nil }
        // The same verdicts as `parseRequestLine`, so chunking never changes the reason.
        guard i > range.lowerBound else { return .init(.invalidMethod) }
        guard buf[i] == ASCII.space else { return .init(buf[i] != ASCII.tab ? .invalidMethod : .invalidRequestLine) }
        // An unrecognized method waits for the version's eight bytes, as in `parseRequestLine`:
        // another protocol version is 505 whatever the method.
        var methodError: HTTPParseError?
        if case .failure(let error) = implementedMethod(buf, range.lowerBound..<i) { methodError = error }
        func refuse(_ reason: HTTPParseError.Reason) -> HTTPParseError { methodError ?? .init(reason) }
        i += 1
        let targetStart = i
        while i < end, ASCII.isTarget(buf[i]) { i += 1 }
        if i == end { return nil }
        guard buf[i] == ASCII.space, i > targetStart else {
            return refuse(ASCII.isWhitespace(buf[i]) || i == targetStart ? .invalidRequestLine : .invalidRequestTarget)
        }
        i += 1
        let versionStart = i
        let pattern = Array("HTTP/".utf8)
        while i < end {
            let offset = i - versionStart
            let byte = buf[i]
            switch offset {
            case 0..<5 where byte != pattern[offset]: return refuse(.invalidVersion)
            case 5 where !(0x30...0x39).contains(byte): return refuse(.invalidVersion)
            case 7 where !(0x30...0x39).contains(byte): return refuse(.invalidVersion)
            case 6 where byte != ASCII.dot: return refuse(.invalidVersion)
            case 8:
                // The version is judged on its eight bytes as soon as they are all here, before
                // what follows them, so `HTTP/5.6` is 505 at once and the same however it is split.
                if let error = versionVerdict(buf, versionStart..<(versionStart + 8), methodError) { return error }
                if byte != ASCII.cr { return refuse(.invalidVersion) }
            case 9...: return refuse(.bareCarriageReturn)
            default: break
            }
            i += 1
        }
        if end - versionStart == 8 { return versionVerdict(buf, versionStart..<end, methodError) }
        return nil
    }

    /// What a complete eight-byte version decides: 505 for another protocol version, else the
    /// method's refusal if there is one, else a version that is not well-formed.
    private static func versionVerdict(
        _ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ methodError: HTTPParseError?
    ) -> HTTPParseError? {
        switch parseVersion(buf, range) {
        case .failure(let error) where error.reason == .unsupportedVersion: error
        case .failure(let error): methodError ?? error
        case .success: methodError
        }
    }

    /// A prefix of `field-name ":" OWS field-value OWS`.
    static func checkPartialFieldLine(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> HTTPParseError? {
        guard !range.isEmpty else { return nil }
        let end = range.upperBound
        var i = range.lowerBound
        if ASCII.isWhitespace(buf[i]) { return .init(.obsoleteLineFolding) }
        if buf[i] == ASCII.cr { return end - i > 1 ? .init(.bareCarriageReturn) : nil }
        while i < end, ASCII.isToken(buf[i]) { i += 1 }
        if i == end { return nil }
        if ASCII.isWhitespace(buf[i]) {
            while i < end, ASCII.isWhitespace(buf[i]) { i += 1 }
            if i == end { return nil }
            return .init(buf[i] == ASCII.colon ? .whitespaceBeforeColon : .invalidHeaderName)
        }
        guard buf[i] == ASCII.colon, i > range.lowerBound else { return .init(.invalidHeaderName) }
        i += 1
        while i < end {
            let byte = buf[i]
            if byte == ASCII.cr {
                if i + 1 < end { return .init(.invalidHeaderValue) }
            } else if !ASCII.isFieldValue(byte) {
                return .init(.invalidHeaderValue)
            }
            i += 1
        }
        return nil
    }
}
