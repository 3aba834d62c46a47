/// The configurable rules of ordering: tax, shipping costs, currency and size limits.
public struct OrderPolicy: Equatable, Sendable {
    /// Why a configuration was refused.
    public enum Invalid: Error, Equatable, Sendable {
        /// Outside 0...10 000 (0 % to 100 %).
        case taxRate(Int64)
        /// Negative, or above `Product.maximumPriceMinor`.
        case shippingCost(ShipmentSpeed, Int64)
    }

    /// 13 % HST, $5 / $15 / $25 shipping, in CAD.
    public static let standard = OrderPolicy(
        checkedTaxRate: 1300, shippingCosts: [.standard: 500, .twoDay: 1500, .oneDay: 2500], currency: .cad)

    /// Tax on the item total, in basis points (1300 = 13 %).
    public let taxRateBasisPoints: Int64
    /// Cost of each speed in minor units of `currency`.
    public let shippingCosts: [ShipmentSpeed: Int64]
    /// Every order and every product price is in this currency.
    public let currency: Currency
    /// Most units of one product per order (after duplicate lines are merged).
    public let maximumQuantity = Self.quantityLimit
    /// Most lines per order.
    public let maximumLines = Self.lineLimit

    private static let quantityLimit = 999
    private static let lineLimit = 100

    /// Every order total any policy allows, in minor units: at most `maximumLines` products of
    /// `maximumQuantity` units at `Product.maximumPriceMinor`, taxed at up to 100 %, plus shipping
    /// of at most `Product.maximumPriceMinor` (about 2 × 10^15, far from `Int64.max`). A total in
    /// an order-list cursor outside it was not handed out by this server.
    public static let issuableTotalsMinor: ClosedRange<Int64> =
        0...(Product.maximumPriceMinor * Int64(quantityLimit) * Int64(lineLimit) * 2 + Product.maximumPriceMinor)

    /// A policy from configuration; a speed left out costs what `standard` says.
    public init(taxRateBasisPoints: Int64, shippingCosts: [ShipmentSpeed: Int64], currency: Currency = .cad) throws(Invalid) {
        guard (0...10_000).contains(taxRateBasisPoints) else { throw .taxRate(taxRateBasisPoints) }
        var costs = Self.standard.shippingCosts
        for speed in ShipmentSpeed.allCases {
            guard let cost = shippingCosts[speed] else { continue }
            guard (0...Product.maximumPriceMinor).contains(cost) else { throw .shippingCost(speed, cost) }
            costs[speed] = cost
        }
        self.init(checkedTaxRate: taxRateBasisPoints, shippingCosts: costs, currency: currency)
    }

    private init(checkedTaxRate: Int64, shippingCosts: [ShipmentSpeed: Int64], currency: Currency) {
        taxRateBasisPoints = checkedTaxRate
        self.shippingCosts = shippingCosts
        self.currency = currency
    }

    /// What shipping at `speed` costs.
    public func shippingCost(_ speed: ShipmentSpeed) -> Money {
        Money(minor: shippingCosts[speed] ?? 0, currency: currency)
    }
}
