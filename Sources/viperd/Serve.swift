import App
import ArgumentParser
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import Logging
import SQLiteGateway

/// `viperd serve`: run the HTTP server until SIGTERM or SIGINT.
///
/// Its options are the rows of `ServeOptions.table`, declared there once: ArgumentParser hands
/// them over unparsed (`.allUnrecognized`), the table parses them, and the table writes their
/// `--help`, through ArgumentParser's public API only.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP server.",
        discussion: """
            Every option can also be set by an environment variable named after it \
            (--port → VIPERD_PORT, --header-timeout → VIPERD_HEADER_TIMEOUT); the flag wins. \
            Timeouts are in seconds and may be fractional. SIGTERM or SIGINT shuts down \
            gracefully: in-flight requests finish (answered with Connection: close) within \
            --shutdown-timeout, then the process exits 0.

            SERVER OPTIONS:

            """ + ServeOptions.table.helpText(defaults: AppConfiguration()))

    @Flag(help: "Check the options and VIPERD_* variables as serving would, print what they resolve to, and exit: 0 valid, 64 not; binds no port and opens no database.")
    var checkConfig = false

    /// The server options as typed, parsed by the table.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The server options below.", valueName: "server-option"))
    var serverOptions: [String] = []

    /// The table's options as given on the command line.
    var options: ServeOptions {
        get throws {
            do {
                return ServeOptions(try ServeOptions.table.flags(parsing: serverOptions))
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    /// Bad values are refused here rather than in `run()`, so the message comes with this
    /// subcommand's usage instead of the root command's.
    func validate() throws {
        _ = try configuration(environment: ProcessInfo.processInfo.environment)
    }

    func configuration(environment: [String: String]) throws -> AppConfiguration {
        let options = try self.options
        do {
            return try options.resolve(environment: environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Two glibc malloc settings, each left alone when the operator sets it (environment or
    /// `GLIBC_TUNABLES`):
    /// - Arenas: glibc gives busy threads arenas of their own, up to 8 per core, and most of them
    ///   hold memory that sits idle between bursts. Two, one per core, kept the peak of the create
    ///   benchmark ~3 MiB lower at the same throughput.
    /// - Trimming: glibc hands the top of a heap back to the kernel once 128 KiB of it is free. A
    ///   search at 1 M contacts frees about that much per request, so every other request paid a
    ///   `brk` or `madvise` and then faulted the same pages back in (page faults were ~5 % of the
    ///   core). Trimming only past 1 MiB keeps at most that much free per arena, memory the peak
    ///   has already counted. Setting it stops glibc's own adjustment of both thresholds.
    /// - Large blocks: those of 128 KiB and more (a response body, its copy for the socket) get
    ///   an `mmap` of their own and go back to the kernel when freed. Kept in the heap, the
    ///   answers pinned by clients that do not read left the heap fragmented: 512 slow readers of
    ///   the OpenAPI document held ~50 MiB more RSS after the connections were gone
    ///   (`Scripts/load/slow-clients.py`). Requests of the benchmarks allocate nothing that large.
    static func tuneMalloc(environment: [String: String]) {
        #if canImport(Glibc)
        // malloc.h is not part of the Glibc module: mallopt is looked up by name.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let tunables = environment["GLIBC_TUNABLES"] ?? ""
        if environment["MALLOC_ARENA_MAX"] == nil && !tunables.contains("malloc.arena_max") {
            _ = mallopt(-8, 2)  // M_ARENA_MAX
        }
        if environment["MALLOC_TRIM_THRESHOLD_"] == nil && !tunables.contains("malloc.trim_threshold") {
            _ = mallopt(-1, 1 << 20)  // M_TRIM_THRESHOLD
            _ = mallopt(-3, 128 << 10)  // M_MMAP_THRESHOLD
        }
        #endif
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let configuration = try configuration(environment: environment)
        if checkConfig {
            // validate() has already refused anything invalid, with exit status 64.
            print("viperd serve: configuration valid: http://\(LogSetup.urlHost(configuration.server.host)):\(configuration.server.port), storage \(configuration.storage)")
            return
        }
        LogSetup.bootstrap(level: configuration.logLevel, format: configuration.logFormat)
        let logger = Logger(label: "viperd")
        Self.tuneMalloc(environment: environment)

        let application: Application
        do {
            application = try Application(configuration: configuration, logger: logger)
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(1)
        }
        let server = application.server
        // Before the listening line: whoever waits for it (a supervisor, a test) may send SIGTERM
        // at once, and it must find the graceful shutdown in place, not the default (death) or
        // the not-yet-registered handler (the signal ignored and lost).
        let signals = ShutdownSignals { signal in
            logger.notice("received \(signal), shutting down")
            server.shutdown()
            application.metricsServer?.shutdown()
        }
        do {
            try server.start()
        } catch HTTPServerError.alreadyStarted {
            // Only a shutdown signal received during start-up gets here: stop without serving.
            logger.notice("viperd stopped before listening")
            return
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(1)
        }
        logger.notice("viperd listening on http://\(LogSetup.urlHost(configuration.server.host)):\(server.localPort)")
        if let metricsURL = application.startMetrics(logger: logger) { logger.notice("metrics on \(metricsURL)") }
        application.startUpkeep()
        server.waitUntilStopped()
        application.metricsServer?.shutdown()
        application.metricsServer?.waitUntilStopped()
        signals.cancel()
        // SQLite: the data of the last writes is in the -wal file until a checkpoint: fold it into
        // the .sqlite file, so the file alone is a complete database once the server has stopped.
        application.stopUpkeep()
        do {
            try application.storage.close()
        } catch {
            logger.error("checkpoint at exit failed, the -wal file still holds recent writes: \(error)")
        }
        logger.notice("viperd stopped")
    }
}
