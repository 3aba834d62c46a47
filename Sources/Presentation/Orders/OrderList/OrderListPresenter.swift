import Domain

/// Converts the order list's query parameters and words the page or the empty-list message.
public final class OrderListPresenter: OrderListUseCaseOutput, StorageFailurePresenter {
    /// Newest first when the client does not choose.
    public static let defaultSort = OrderSort.placedAtDescending

    private let useCase: OrderListUseCase
    private let output: any ViewModelPresenterOutput<OrderListViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: OrderListUseCase, output: any ViewModelPresenterOutput<OrderListViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// Raw query values as the client sent them (already percent-decoded). An empty `cursor` is
    /// the first page; an empty `status` or `sort` is refused like any other unknown value.
    public func eventList(status: String?, sort: String?, limit: String?, cursor: String?) {
        var errors: [FieldErrorViewModel] = []
        var statusFilter: OrderStatus?
        if let status {
            statusFilter = OrderStatus(rawValue: status)
            if statusFilter == nil {
                errors.append(FieldErrorViewModel(parameter: "status", code: .invalidValue, detail: messages.text(.invalidStatus)))
            }
        }
        var order = Self.defaultSort
        if let sort {
            if let chosen = OrderSort(rawValue: sort) {
                order = chosen
            } else {
                errors.append(FieldErrorViewModel(parameter: "sort", code: .invalidValue, detail: messages.text(.invalidSort)))
            }
        }
        let pageSize = PageLimit.parse(limit, messages: messages, errors: &errors)
        var after: OrderCursor?
        if let cursor, !cursor.isEmpty {
            after = OrderCursorCoding.decode(cursor)
            if after == nil {
                errors.append(FieldErrorViewModel(parameter: "cursor", code: .invalidCursor, detail: messages.text(.invalidCursor)))
            }
        }
        guard errors.isEmpty else {
            output.showMalformedInput(messages.malformed(errors))
            return
        }
        useCase.eventList(status: statusFilter, sort: order, after: after, limit: pageSize, output: self)
    }

    public func presentOrders(_ orders: [OrderSummaryPresentationModel], next: OrderCursor?) {
        output.show(OrderListViewModel(
            items: orders.map { OrderListItemViewModel($0, messages: messages) },
            nextCursor: next.map(OrderCursorCoding.encode), message: nil))
    }

    public func presentNoOrders() {
        output.show(OrderListViewModel(items: [], nextCursor: nil, message: messages.text(.noOrdersFound)))
    }

    public func presentCursorMismatch() {
        output.showMalformedInput(messages.malformed([
            FieldErrorViewModel(parameter: "cursor", code: .invalidCursor, detail: messages.text(.cursorMismatch)),
        ]))
    }
}
