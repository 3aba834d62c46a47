import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The real SMTP server the Mail tests talk to: `bash Scripts/mail/smtp-sink.sh` (aiosmtpd, in
/// .venv-smtp) on a free port of 127.0.0.1 (or `host`), with a spool folder of its own, in the
/// mode the test asks for. A missing python3 or venv fails the test with the script's reason.
final class SMTPSink {
    /// The port it listens on.
    let port: Int
    /// Where it writes each accepted message, `<n>.eml`.
    let spool: String
    private let folder: String
    private let process: Subprocess

    /// Runs `body` against a sink started with `arguments` (`["--mode", "refuse"]`), then stops it.
    @discardableResult
    static func with<T>(_ arguments: [String] = [], host: String = "127.0.0.1", _ body: (SMTPSink) throws -> T) throws -> T {
        let sink = try SMTPSink(arguments: arguments, host: host)
        defer { sink.stop() }
        return try body(sink)
    }

    private init(arguments: [String], host: String) throws {
        var template = Array("/tmp/viperd-smtp-sink.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw SMTPSinkError("cannot make a temporary folder") }
        folder = String(cString: made)
        spool = folder + "/spool"
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: false)
        let output = folder + "/stdout", complaints = folder + "/stderr"
        process = try Subprocess(
            bash: [Self.script, "--port", "0", "--host", host, "--spool", spool] + arguments, stdout: output, stderr: complaints)

        // The first run installs aiosmtpd from PyPI into the venv: allow it a few minutes.
        let deadline = Date().addingTimeInterval(300)
        while true {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n", omittingEmptySubsequences: false).first, text.contains("\n") {
                guard let port = Int(line) else {
                    process.stop()
                    throw SMTPSinkError("smtp-sink.sh printed \(line) instead of a port")
                }
                self.port = port
                return
            }
            if process.exitStatusIfEnded() != nil || Date() > deadline {
                process.stop()
                let reason = (try? String(contentsOfFile: complaints, encoding: .utf8)) ?? ""
                throw SMTPSinkError("""
                    Scripts/mail/smtp-sink.sh did not start (it needs python3 with venv, python3-venv on Debian, \
                    and PyPI the first time): \(reason)
                    """)
            }
            usleep(20_000)
        }
    }

    /// The messages spooled so far, in the order accepted, as files.
    func messages() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: spool).filter { $0.hasSuffix(".eml") }
        return names.sorted { ($0.split(separator: ".").first.flatMap { Int($0) } ?? 0) < ($1.split(separator: ".").first.flatMap { Int($0) } ?? 0) }
            .map { spool + "/" + $0 }
    }

    private func stop() {
        process.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `Scripts/mail/smtp-sink.sh` of this checkout.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/mail/smtp-sink.sh").path
}
