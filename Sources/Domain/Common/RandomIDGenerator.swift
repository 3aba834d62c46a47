/// 20 random base-32 characters (100 bits) from the system CSPRNG after a type prefix.
public struct RandomIDGenerator: IDGenerator {
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    public init() {}

    public func makeID(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        var characters: [Character] = []
        characters.reserveCapacity(20)
        for _ in 0..<20 { characters.append(Self.alphabet[Int(generator.next(upperBound: UInt8(32)))]) }
        return prefix + String(characters)
    }
}
