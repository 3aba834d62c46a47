extension Unicode.Scalar {
    /// The scalars Foundation's `CharacterSet.whitespacesAndNewlines` holds: the Unicode
    /// White_Space property plus U+200B ZERO WIDTH SPACE, which Foundation keeps from an older
    /// Unicode (it left Zs in 4.0.1). Spelled out so trimming needs neither Foundation nor a
    /// property lookup; `StringTrimmingTests` checks it against Foundation scalar by scalar.
    @inlinable public var isTrimmedWhitespace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space, as `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` gives it, without Foundation. Trims unicode scalars, not
    /// characters: a combining mark after a space stays, as in Foundation.
    public func trimmingWhitespace() -> String {
        trimming { $0.isTrimmedWhitespace }
    }

    /// The text without the leading and trailing scalars that satisfy `isTrimmed`.
    public func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        var text = String()
        text.unicodeScalars.append(contentsOf: scalars[scalars.trimmedRange(where: isTrimmed)])
        return text
    }
}

extension String {
    /// As the `StringProtocol` method; a string with nothing to trim is returned as it is,
    /// sharing its storage, which is the common case for request fields.
    public func trimmingWhitespace() -> String {
        let kept = unicodeScalars.trimmedRange { $0.isTrimmedWhitespace }
        if kept == startIndex..<endIndex { return self }
        return String(unicodeScalars[kept])
    }
}

extension BidirectionalCollection where Element == Unicode.Scalar {
    /// The indices left when scalars satisfying `isTrimmed` are dropped from both ends.
    func trimmedRange(where isTrimmed: (Unicode.Scalar) -> Bool) -> Range<Index> {
        var start = startIndex
        var end = endIndex
        while start != end, isTrimmed(self[start]) { formIndex(after: &start) }
        while start != end {
            let last = index(before: end)
            guard isTrimmed(self[last]) else { break }
            end = last
        }
        return start..<end
    }
}
