import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A spooled message as Python's email package reads it (`smtp-sink.sh --decode`): the check
/// of `MailFormat`'s output by a parser that is not its own.
struct DecodedMail: Decodable {
    /// Each header's name and its decoded value, in order, repeats included.
    var headers: [[String]]
    /// The body, transfer encoding and charset decoded.
    var body: String?
    /// What the parser found wrong in the message, empty for a well-formed one.
    var defects: [String]

    /// The values of every header named `name` (case-insensitive).
    func values(_ name: String) -> [String] {
        headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
    }

    /// The one value of `name`, nil when it is missing or repeated.
    func value(_ name: String) -> String? {
        let all = values(name)
        return all.count == 1 ? all[0] : nil
    }

    /// Decodes the message file at `path`.
    init(file path: String) throws {
        let folder = path + ".decoded"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = try Subprocess(bash: [SMTPSink.script, "--decode", path], stdout: folder + "/out", stderr: folder + "/err")
        let status = try process.waitForExit(within: 60, what: "smtp-sink.sh --decode \(path)")
        let output = try Data(contentsOf: URL(fileURLWithPath: folder + "/out"))
        guard status == 0 else {
            let reason = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
            throw SMTPSinkError("smtp-sink.sh --decode failed: \(reason)")
        }
        self = try JSONDecoder().decode(DecodedMail.self, from: output)
    }
}
