import Glibc

extension Duration {
    /// Whole nanoseconds, saturating at zero.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        if seconds < 0 || attoseconds < 0 { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        // attoseconds are in 0..<10^18 here, so the fraction is below 10^9.
        let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow || carry ? UInt64.max / 2 : total
    }
}
