/// 20 random base-32 characters (100 bits) from the system CSPRNG after a type prefix.
public struct RandomIDGenerator: IDGenerator {
    /// 32 symbols, so 5 random bits pick one without bias.
    static let alphabet: [UInt8] = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
    static let length = 20

    public init() {}

    /// Two draws of 64 bits (each a `getrandom` call) cover the 100 bits: 12 symbols from the
    /// first, 8 from the second. The string is written once, as ASCII, prefix included.
    public func makeID(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let draws: (UInt64, UInt64) = (generator.next(), generator.next())
        let prefixLength = prefix.utf8.count
        return String(unsafeUninitializedCapacity: prefixLength + Self.length) { buffer in
            var written = 0
            for byte in prefix.utf8 {
                buffer[written] = byte
                written += 1
            }
            for position in 0..<Self.length {
                let bits = position < 12 ? draws.0 >> (5 * UInt64(position)) : draws.1 >> (5 * UInt64(position - 12))
                buffer[written] = Self.alphabet[Int(truncatingIfNeeded: bits & 31)]
                written += 1
            }
            return written
        }
    }
}
