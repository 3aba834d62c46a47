/// Request ids: a client's `X-Request-ID` when it is a sane token, otherwise a fresh one.
enum RequestID {
    static let maxLength = 128

    /// 1–128 characters of `A–Z a–z 0–9 - _ . : @ /`, nothing a log reader could trip on.
    static func isSane(_ value: String) -> Bool {
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= maxLength else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x2E, 0x3A, 0x40, 0x2F: true
            default: false
            }
        }
    }

    /// A process-unique prefix, so ids from two runs of the server never collide in one log.
    static let processPrefix: String = {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }()

    static func make(loop: Int, sequence: UInt64) -> String {
        "\(processPrefix)-\(loop)-\(String(sequence, radix: 16))"
    }
}
