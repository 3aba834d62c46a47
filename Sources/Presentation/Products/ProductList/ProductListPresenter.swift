import Domain

/// Converts the catalog list's query parameters and words the page.
public final class ProductListPresenter: ProductListUseCaseOutput, StorageFailurePresenter {
    private let useCase: ProductListUseCase
    private let output: any ViewModelPresenterOutput<ProductListViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: ProductListUseCase, output: any ViewModelPresenterOutput<ProductListViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// Raw query values as the client sent them (already percent-decoded).
    public func eventList(limit: String?, cursor: String?) {
        var errors: [FieldErrorViewModel] = []
        let pageSize = PageLimit.parse(limit, messages: messages, errors: &errors)
        var after: ProductCursor?
        if let cursor, !cursor.isEmpty {
            after = ProductCursorCoding.decode(cursor)
            if after == nil {
                errors.append(FieldErrorViewModel(parameter: "cursor", code: .invalidCursor, detail: messages.text(.invalidCursor)))
            }
        }
        guard errors.isEmpty else {
            output.showMalformedInput(messages.malformed(errors))
            return
        }
        useCase.eventList(after: after, limit: pageSize, output: self)
    }

    public func presentProducts(_ products: [ProductPresentationModel], next: ProductCursor?) {
        output.show(ProductListViewModel(
            items: products.map { ProductViewModel($0, language: messages.language) },
            nextCursor: next.map(ProductCursorCoding.encode), message: nil))
    }

    public func presentNoProducts() {
        output.show(ProductListViewModel(items: [], nextCursor: nil, message: messages.text(.noProductsFound)))
    }
}
