import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn, standard output and error sent to files (Foundation's
/// Process is avoided for the reason `TestPostgresServer` gives).
struct Subprocess {
    let pid: pid_t

    /// Starts `/bin/bash arguments…` with stdout and stderr written to the two files.
    init(bash arguments: [String], stdout: String, stderr: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The test runner's threads may block or ignore signals; the child starts with none
        // blocked and the default actions, or the SIGTERM of `stop` would wait for SIGKILL.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["bash"] + arguments).map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv + [nil], environ)
        guard status == 0 else {
            throw SMTPSinkError("cannot start /bin/bash: \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    /// The exit status once the process has ended, nil while it runs.
    func exitStatusIfEnded() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid ? status : nil
    }

    /// Waits at most `seconds` for the end and returns the raw wait status; past that, the child
    /// is killed and the wait throws naming `what`, so a hung script fails its test by name.
    func waitForExit(within seconds: Double, what: String) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let status = exitStatusIfEnded() { return status }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        _ = reap()
        throw SMTPSinkError("\(what) did not end within \(seconds) s; killed")
    }

    /// Waits for the end of a child already sent SIGKILL, which cannot outlive it.
    private func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return status
    }

    /// SIGTERM, then SIGKILL if it has not ended within five seconds; reaps it.
    func stop() {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if exitStatusIfEnded() != nil { return }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        _ = reap()
    }
}

/// Why the SMTP sink could not serve a test; the test fails with it, never skips.
struct SMTPSinkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
