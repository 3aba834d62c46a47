import Domain

/// Two months of a Toronto card holder's spending: posted transactions up to four days ago, the
/// last four days still authorized, a 400.00 payment in each month. Deterministic for a given
/// end date, so a demo looks the same every time it is seeded on the same day.
enum DemoFeed {
    /// Days covered, today included.
    static let days = 61
    /// The most recent days whose transactions are still authorized.
    static let authorizedDays = 4

    /// Merchants with their usual amount in cents; the same ones as the report demo's feed.
    private static let merchants: [(String, Int64)] = [
        ("Starbucks", 311), ("Starbucks", 522), ("Firkin", 1534), ("TTC", 2800), ("Pizza Pizza", 3322), ("PetroGaz Ottawa", 8098),
        ("Loblaws", 6417), ("Indigo", 2499), ("LCBO", 4275), ("Cineplex", 2650), ("Tim Hortons", 437), ("Shoppers Drug Mart", 1869),
    ]

    static func transactions(account: AccountID, endingOn today: CalendarDate, ids: any IDGenerator) -> [Transaction] {
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: today.dayNumber))
        var rows: [Transaction] = []
        for offset in stride(from: days - 1, through: 0, by: -1) {
            guard let date = today.adding(days: -offset) else { continue }
            let group: TransactionGroup = offset < authorizedDays ? .authorized : .posted
            func add(_ description: String, _ amount: Int64, _ direction: TransactionDirection = .debit) {
                rows.append(Transaction(
                    id: TransactionID(ids.makeID(prefix: "t_")), accountID: account, group: group, direction: direction, date: date,
                    description: description, amount: amount))
            }
            // A payment on the 15th, and on the first authorized day so the authorized group has a credit too.
            if date.day == 15 || offset == authorizedDays - 1 { add("Payment", 40_000, .credit) }
            // Most days have one to three purchases; about one in five has none.
            let count = random.next(below: 5) == 0 ? 0 : 1 + Int(random.next(below: 3))
            for _ in 0..<count {
                let (merchant, usual) = merchants[Int(random.next(below: UInt64(merchants.count)))]
                // Within ±25% of the usual amount, whole cents.
                let spread = usual / 4
                add(merchant, usual - spread + Int64(random.next(below: UInt64(2 * spread + 1))))
            }
        }
        return rows
    }

    /// SplitMix64: a tiny seeded generator, so the demo is reproducible without Foundation's randomness.
    struct SplitMix {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func next(below bound: UInt64) -> UInt64 { next() % bound }
    }
}
