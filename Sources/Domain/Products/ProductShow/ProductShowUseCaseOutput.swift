/// What showing one product can lead to.
public protocol ProductShowUseCaseOutput: StorageFailureOutput {
    /// The product, as the catalog has it.
    func presentProduct(_ product: ProductPresentationModel)
    /// No product has this id.
    func presentNotFound(_ id: ProductID)
}
