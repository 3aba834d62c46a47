import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT turned into a graceful-shutdown callback instead of process death.
final class ShutdownSignals {
    private let sources: [DispatchSourceSignal]

    init(onSignal: @escaping @Sendable (String) -> Void) {
        let queue = DispatchQueue(label: "viperd.signals")
        sources = [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")].map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { onSignal(name) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
