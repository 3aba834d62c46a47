import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real I/O fault under SQLite's feet: every descriptor this process holds on a file is
/// pointed at `/dev/null` opened read-only, so each write(2) on it fails with EBADF (SQLite
/// reports SQLITE_IOERR_WRITE) and reads see end of file; `restore()` puts the files back.
final class WriteFault {
    private var saved: [(fd: Int32, original: Int32)] = []

    /// Breaks every descriptor whose path is `path`.
    init(path: String) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let null = open("/dev/null", O_RDONLY)
        guard null >= 0 else { throw Failure(description: "cannot open /dev/null") }
        defer { close(null) }
        // Every descriptor on the file is found before any is copied: a copy made while the
        // folder is still being read could be found too, then broken as if it were SQLite's, and
        // `restore()` would put /dev/null back where the file belongs.
        let found = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { entry -> Int32? in
            guard let fd = Int32(entry), fd > 2,
                let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"),
                linked == target
            else { return nil }
            return fd
        }
        for fd in found {
            let original = dup(fd)
            guard original >= 0, dup2(null, fd) >= 0 else { throw Failure(description: "dup2 failed: errno \(errno)") }
            saved.append((fd, original))
        }
        guard !saved.isEmpty else { throw Failure(description: "no descriptor open on \(target)") }
    }

    /// How many descriptors were broken.
    var count: Int { saved.count }

    /// Points every broken descriptor at its file again.
    func restore() {
        for (fd, original) in saved {
            dup2(original, fd)
            close(original)
        }
        saved = []
    }

    deinit { restore() }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
