import Presentation

/// Records what an order or product Presenter shows.
final class OrderPresenterOutputSpy: OrderCreatePresenterOutput, OrderShowPresenterOutput, OrderListPresenterOutput,
    OrderCancelPresenterOutput, ProductListPresenterOutput, ProductShowPresenterOutput
{
    enum Shown: Equatable {
        case created(OrderViewModel)
        case order(OrderViewModel)
        case orders(OrderListViewModel)
        case cancelled(OrderViewModel)
        case invalidTransition(ProblemViewModel, OrderViewModel)
        case products(ProductListViewModel)
        case product(ProductViewModel)
        case malformed(ProblemViewModel)
        case notFound(ProblemViewModel)
        case validation(ProblemViewModel)
        case unavailable(ProblemViewModel)
        case failure(ProblemViewModel)
        case internalInconsistency(ProblemViewModel, reason: String)
    }

    private(set) var shown: [Shown] = []

    /// The one problem shown, whatever its kind.
    var problem: ProblemViewModel? {
        guard shown.count == 1 else { return nil }
        switch shown[0] {
        case .malformed(let problem), .notFound(let problem), .validation(let problem), .unavailable(let problem), .failure(let problem):
            return problem
        default: return nil
        }
    }

    func showCreated(_ order: OrderViewModel) { shown.append(.created(order)) }
    func showOrder(_ order: OrderViewModel) { shown.append(.order(order)) }
    func showOrders(_ list: OrderListViewModel) { shown.append(.orders(list)) }
    func showCancelled(_ order: OrderViewModel) { shown.append(.cancelled(order)) }
    func showInvalidTransition(_ problem: ProblemViewModel, current: OrderViewModel) { shown.append(.invalidTransition(problem, current)) }
    func showProducts(_ list: ProductListViewModel) { shown.append(.products(list)) }
    func showProduct(_ product: ProductViewModel) { shown.append(.product(product)) }
    func showMalformedInput(_ problem: ProblemViewModel) { shown.append(.malformed(problem)) }
    func showNotFound(_ problem: ProblemViewModel) { shown.append(.notFound(problem)) }
    func showValidationFailures(_ problem: ProblemViewModel) { shown.append(.validation(problem)) }
    func showStorageUnavailable(_ problem: ProblemViewModel) { shown.append(.unavailable(problem)) }
    func showStorageFailure(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showQuotaExceeded(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showInternalInconsistency(_ problem: ProblemViewModel, reason: String) { shown.append(.internalInconsistency(problem, reason: reason)) }
}
