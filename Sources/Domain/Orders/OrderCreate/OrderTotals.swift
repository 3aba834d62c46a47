/// An order's lines and totals, computed from catalog prices only.
struct OrderTotals: Equatable {
    let lines: [OrderLine]
    let itemTotal: Money
    let tax: Money
    let shipping: Money
    let orderTotal: Money

    /// Line totals, their sum, tax on that sum (half-even, shipping untaxed), and the total.
    /// Throws `MoneyError` when a sum overflows or a price is not in the policy's currency.
    init(lines requested: [(product: Product, quantity: Int)], speed: ShipmentSpeed, policy: OrderPolicy) throws(MoneyError) {
        var lines: [OrderLine] = []
        lines.reserveCapacity(requested.count)
        var itemTotal = Money.zero(policy.currency)
        for (product, quantity) in requested {
            guard product.price.currency == policy.currency else {
                throw .currencyMismatch(policy.currency, product.price.currency)
            }
            let lineTotal = try product.price.multiplied(by: Int64(quantity))
            itemTotal = try itemTotal.adding(lineTotal)
            lines.append(OrderLine(productID: product.id, name: product.name, quantity: quantity, unitPrice: product.price, lineTotal: lineTotal))
        }
        self.lines = lines
        self.itemTotal = itemTotal
        tax = try itemTotal.portion(basisPoints: policy.taxRateBasisPoints)
        shipping = policy.shippingCost(speed)
        orderTotal = try itemTotal.adding(tax).adding(shipping)
    }
}
