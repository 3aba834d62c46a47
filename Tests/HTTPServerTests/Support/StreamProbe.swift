import HTTPServer
import Synchronization

/// A streamed body of `pieces` pieces of `size` bytes (`a`, `b`, … per piece), that throws
/// instead of making piece `failAt` when given; counts what the server asked of it.
final class StreamProbe: HTTPBodyProducer {
    struct Broken: Error {}

    let pieces: Int
    let size: Int
    let failAt: Int?
    private let made = Atomic<Int>(0)
    private let finishes = Atomic<Int>(0)
    private let overlapping = Atomic<Bool>(false)
    private let busy = Atomic<Bool>(false)

    init(pieces: Int, size: Int, failAt: Int? = nil) {
        self.pieces = pieces
        self.size = size
        self.failAt = failAt
    }

    /// The whole body, as a client must read it.
    var expected: [UInt8] {
        (0..<pieces).flatMap { [UInt8](repeating: UInt8(ascii: "a") &+ UInt8($0 % 26), count: size) }
    }

    /// Pieces asked for so far.
    var nextCalls: Int { made.load(ordering: .relaxed) }
    /// How many times `finish` ran.
    var finishCalls: Int { finishes.load(ordering: .relaxed) }
    /// Whether two calls ever ran at once.
    var overlapped: Bool { overlapping.load(ordering: .relaxed) }

    func next(into chunk: inout [UInt8]) throws -> Bool {
        enter()
        defer { busy.store(false, ordering: .relaxed) }
        let index = made.add(1, ordering: .relaxed).oldValue
        if index == failAt { throw Broken() }
        chunk = [UInt8](repeating: UInt8(ascii: "a") &+ UInt8(index % 26), count: size)
        return index + 1 < pieces
    }

    func finish() {
        enter()
        defer { busy.store(false, ordering: .relaxed) }
        finishes.add(1, ordering: .relaxed)
    }

    private func enter() {
        if busy.exchange(true, ordering: .relaxed) { overlapping.store(true, ordering: .relaxed) }
    }
}
