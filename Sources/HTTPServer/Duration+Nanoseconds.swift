import Glibc

extension Duration {
    /// Whole nanoseconds, saturating at zero.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        if seconds < 0 { return 0 }
        let (total, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? UInt64.max / 2 : total + UInt64(attoseconds / 1_000_000_000)
    }
}
