import Domain

/// Records, in order, every event any order or product use case reports.
final class OrderOutputSpy: OrderCreateUseCaseOutput, OrderShowUseCaseOutput, OrderListUseCaseOutput, OrderCancelUseCaseOutput,
    ProductListUseCaseOutput, ProductShowUseCaseOutput
{
    enum Event: Equatable {
        case created(OrderPresentationModel)
        case order(OrderPresentationModel)
        case validationFailures([OrderFieldFailure])
        case contactNotFound(ContactID)
        case paymentAccountNotFound(String)
        case paymentCurrencyMismatch
        case insufficientFunds
        case notFound(OrderID)
        case orders([OrderSummaryPresentationModel], next: OrderCursor?)
        case noOrders
        case cursorMismatch
        case cancelled(OrderPresentationModel)
        case invalidTransition(OrderPresentationModel)
        case products([ProductPresentationModel], next: ProductCursor?)
        case noProducts
        case product(ProductPresentationModel)
        case productNotFound(ProductID)
        case storageUnavailable
        case storageFailure
        case internalInconsistency(String)
    }

    private(set) var events: [Event] = []

    func presentCreated(_ order: OrderPresentationModel) { events.append(.created(order)) }
    func presentOrder(_ order: OrderPresentationModel) { events.append(.order(order)) }
    func presentValidationFailures(_ failures: [OrderFieldFailure]) { events.append(.validationFailures(failures)) }
    func presentContactNotFound(_ id: ContactID) { events.append(.contactNotFound(id)) }
    func presentPaymentAccountNotFound(_ id: String) { events.append(.paymentAccountNotFound(id)) }
    func presentPaymentCurrencyMismatch() { events.append(.paymentCurrencyMismatch) }
    func presentInsufficientFunds() { events.append(.insufficientFunds) }
    func presentNotFound(_ id: OrderID) { events.append(.notFound(id)) }
    func presentOrders(_ orders: [OrderSummaryPresentationModel], next: OrderCursor?) { events.append(.orders(orders, next: next)) }
    func presentNoOrders() { events.append(.noOrders) }
    func presentCursorMismatch() { events.append(.cursorMismatch) }
    func presentCancelled(_ order: OrderPresentationModel) { events.append(.cancelled(order)) }
    func presentInvalidTransition(_ order: OrderPresentationModel) { events.append(.invalidTransition(order)) }
    func presentProducts(_ products: [ProductPresentationModel], next: ProductCursor?) { events.append(.products(products, next: next)) }
    func presentNoProducts() { events.append(.noProducts) }
    func presentProduct(_ product: ProductPresentationModel) { events.append(.product(product)) }
    func presentNotFound(_ id: ProductID) { events.append(.productNotFound(id)) }
    func presentStorageUnavailable() { events.append(.storageUnavailable) }
    func presentStorageFailure() { events.append(.storageFailure) }
    func presentInternalInconsistency(_ reason: String) { events.append(.internalInconsistency(reason)) }
}
