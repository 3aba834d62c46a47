import Domain

/// Converts the path id and words one catalog product.
public final class ProductShowPresenter: ProductShowUseCaseOutput, StorageFailurePresenter {
    private let useCase: ProductShowUseCase
    private let output: any ViewModelPresenterOutput<ProductViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: ProductShowUseCase, output: any ViewModelPresenterOutput<ProductViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventShow(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        useCase.eventShow(id: ProductID(id), output: self)
    }

    public func presentProduct(_ product: ProductPresentationModel) {
        output.show(ProductViewModel(product, language: messages.language))
    }

    public func presentNotFound(_ id: ProductID) {
        output.showNotFound(ProblemViewModel(code: .notFound, title: messages.text(.notFoundTitle), detail: messages.text(.productNotFound)))
    }
}
