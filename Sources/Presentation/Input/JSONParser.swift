/// Parses a request body (RFC 8259, UTF-8) into a `JSONValue`, keeping number literals as sent.
///
/// Strict: one value, optional whitespace and a leading UTF-8 byte order mark around it; no
/// trailing commas, comments, lone surrogates or invalid UTF-8. Nesting is capped at
/// `maximumDepth`, far above any body of this API, so a hostile body cannot exhaust the stack.
/// A repeated object key keeps its last value.
public struct JSONParser {
    /// Why a body is not JSON; the offset is for tests and logs, never shown to clients.
    public struct Invalid: Error, Equatable, Sendable {
        public let offset: Int
    }

    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    public static func parse(_ bytes: [UInt8]) throws(Invalid) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw Invalid(offset: parser.index) }
        return value
    }

    private var invalid: Invalid { Invalid(offset: index) }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func value() throws(Invalid) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw invalid }
        switch bytes[index] {
        case 0x7B: return try object()
        case 0x5B: return try array()
        case 0x22: return .string(try string())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        case 0x2D, 0x30...0x39: return .number(try number())
        default: throw invalid
        }
    }

    private mutating func literal(_ word: StaticString) throws(Invalid) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw invalid }
        let matches = word.withUTF8Buffer { expected in bytes[index..<(index + count)].elementsEqual(expected) }
        guard matches else { throw invalid }
        index += count
    }

    private mutating func enter() throws(Invalid) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw invalid }
    }

    private mutating func object() throws(Invalid) -> JSONValue {
        try enter()
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == 0x7D {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == 0x22 else { throw invalid }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == 0x3A else { throw invalid }
            index += 1
            members[key] = try value()
            skipWhitespace()
            guard index < bytes.count else { throw invalid }
            if bytes[index] == 0x2C { index += 1; continue }
            guard bytes[index] == 0x7D else { throw invalid }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func array() throws(Invalid) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == 0x5D {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw invalid }
            if bytes[index] == 0x2C { index += 1; continue }
            guard bytes[index] == 0x5D else { throw invalid }
            index += 1
            depth -= 1
            return .array(elements)
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number() throws(Invalid) -> String {
        let start = index
        if bytes[index] == 0x2D { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw invalid }
        if bytes[index] == 0x30 {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw invalid }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw invalid }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private mutating func string() throws(Invalid) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 {
                let text = try validated(bytes[start..<index])
                index += 1
                return text
            }
            if byte == 0x5C { break }
            guard byte >= 0x20 else { throw invalid }
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x22:
                index += 1
                return try validated(buffer[...])
            case 0x5C:
                index += 1
                guard index < bytes.count else { throw invalid }
                let escape = bytes[index]
                index += 1
                switch escape {
                case 0x22, 0x5C, 0x2F: buffer.append(escape)
                case 0x62: buffer.append(0x08)
                case 0x66: buffer.append(0x0C)
                case 0x6E: buffer.append(0x0A)
                case 0x72: buffer.append(0x0D)
                case 0x74: buffer.append(0x09)
                case 0x75: buffer.append(contentsOf: try unicodeEscape())
                default: throw invalid
                }
            case 0..<0x20:
                throw invalid
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw invalid
    }

    /// The UTF-8 of `\uXXXX` (the `\u` already read), joining a surrogate pair.
    private mutating func unicodeEscape() throws(Invalid) -> [UInt8] {
        let first = try hexQuad()
        var scalarValue = first
        if (0xD800...0xDBFF).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else { throw invalid }
            index += 2
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else { throw invalid }
            scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw invalid
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw invalid }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hexQuad() throws(Invalid) -> UInt32 {
        guard index + 4 <= bytes.count else { throw invalid }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw invalid
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func validated(_ slice: ArraySlice<UInt8>) throws(Invalid) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw invalid }
        return text
    }
}
