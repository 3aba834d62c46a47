// libFuzzer entry point over the HTTP/1.1 request parser, compiled into one module with
// Sources/HTTPServer by Scripts/fuzz/fuzz.sh (so internal types are reachable). Not part of the package.
//
// Besides "no crash, no sanitizer report", every input checks the parser's central promise:
// the events are the same whatever the chunking — whole, and split at an offset the input
// chooses — and a failed parser stays failed.

/// The events `bytes` produces when fed in the given pieces, as comparable lines.
private func events(_ bytes: ArraySlice<UInt8>, splitAt split: Int?) -> [String] {
    var limits = HTTPRequestParser.Limits()
    // Small limits reach every limit branch with small inputs.
    limits.maxRequestLineBytes = 256
    limits.maxHeaderLineBytes = 256
    limits.maxHeaderBytes = 1024
    limits.maxHeaderCount = 16
    limits.maxBodyBytes = 4096
    limits.maxChunkLineBytes = 64
    var parser = HTTPRequestParser(limits: limits)
    var lines: [String] = []
    var pieces: [ArraySlice<UInt8>] = [bytes]
    if let split, split > 0, split < bytes.count {
        let cut = bytes.startIndex + split
        pieces = [bytes[bytes.startIndex..<cut], bytes[cut...]]
    }
    outer: for piece in pieces {
        parser.feed(piece)
        for _ in 0..<10_000 {
            switch parser.next() {
            case .needMore:
                continue outer
            case .head(let head):
                lines.append("head \(head.method) \(head.target) \(head.version) \(head.framing) \(head.keepAlive) \(head.headers.count)")
            case .complete(let request):
                lines.append("complete \(request.method) \(request.body.count) \(request.trailers.count)")
            case .failure(let error):
                lines.append("failure \(error.reason)")
                guard case .failure(let again) = parser.next(), again == error else {
                    fatalError("a failed parser did not stay failed")
                }
                break outer
            }
        }
        fatalError("the parser framed 10,000 events from one chunk without asking for more")
    }
    return lines
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte chooses the split; the rest is the stream.
    let bytes = input[1...]
    let split = Int(input[0]) % max(1, bytes.count)
    let whole = events(bytes, splitAt: nil)
    let chunked = events(bytes, splitAt: split)
    if whole != chunked {
        fatalError("chunking changed the events: whole \(whole) vs split at \(split) \(chunked)")
    }
    return 0
}
