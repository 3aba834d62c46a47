import Foundation

/// The standard `process_*` series of Prometheus client libraries, read from Linux's `/proc`.
///
/// Read at each scrape, not kept: a scrape is rare, and `/proc` is the source of truth. A value
/// that cannot be read (another OS, a restricted `/proc`) is left out rather than reported as 0.
struct ProcessMetrics: Equatable {
    var cpuSeconds: Double?
    var residentBytes: Int?
    var virtualBytes: Int?
    var openFileDescriptors: Int?
    var maxFileDescriptors: Int?
    var startTimeSeconds: Double?

    /// Clock ticks per second of `/proc/self/stat`'s times (`getconf CLK_TCK`).
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    static func current() -> ProcessMetrics {
        var metrics = ProcessMetrics()
        if let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") {
            // After "pid (comm)": field 3 is state; utime and stime are 14 and 15, starttime 22,
            // vsize 23, rss (pages) 24, counted from 1 over the whole line.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            func field(_ number: Int) -> Double? { fields.count > number - 3 ? Double(fields[number - 3]) : nil }
            if let user = field(14), let system = field(15) { metrics.cpuSeconds = (user + system) / ticksPerSecond }
            if let vsize = field(23) { metrics.virtualBytes = Int(vsize) }
            if let rss = field(24) { metrics.residentBytes = Int(rss) * pageSize }
            if let start = field(22), let boot = bootTime() { metrics.startTimeSeconds = boot + start / ticksPerSecond }
        }
        metrics.openFileDescriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).map(\.count)
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { metrics.maxFileDescriptors = Int(clamping: limit.rlim_cur) }
        return metrics
    }

    /// Seconds since the epoch at boot (`btime` of `/proc/stat`).
    private static func bootTime() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        return stat.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Double($0.dropFirst(6)) }
    }

    /// The Prometheus text lines, with HELP and TYPE, of the values that could be read.
    var lines: [String] {
        var lines: [String] = []
        func add(_ name: String, _ type: String, _ help: String, _ value: String?) {
            guard let value else { return }
            lines += ["# HELP \(name) \(help)", "# TYPE \(name) \(type)", "\(name) \(value)"]
        }
        add("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", cpuSeconds.map { "\($0)" })
        add("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", residentBytes.map(String.init))
        add("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", virtualBytes.map(String.init))
        add("process_open_fds", "gauge", "Number of open file descriptors.", openFileDescriptors.map(String.init))
        add("process_max_fds", "gauge", "Maximum number of open file descriptors.", maxFileDescriptors.map(String.init))
        add("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.", startTimeSeconds.map { "\($0)" })
        return lines
    }
}
