import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT turned into a graceful-shutdown callback instead of process death.
final class ShutdownSignals {
    private let sources: [any DispatchSourceSignal]

    init(onSignal: @escaping @Sendable (String) -> Void) {
        let queue = DispatchQueue(label: "viperd.signals")
        let registered = DispatchGroup()
        sources = [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")].map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { onSignal(name) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            return source
        }
        // Dispatch registers a source on one of its own threads, later. Until then the signal is
        // ignored (SIG_IGN) and lost, so the caller may only announce readiness once this returns.
        if registered.wait(timeout: .now() + .seconds(5)) == .timedOut {
            var standardError = FileHandle.standardError
            print("warning: the SIGTERM and SIGINT handlers were not confirmed within 5 s", to: &standardError)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
