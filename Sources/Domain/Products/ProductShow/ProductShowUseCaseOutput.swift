/// What showing one product can lead to.
public protocol ProductShowUseCaseOutput: StorageFailureOutput {
    func presentProduct(_ product: ProductPresentationModel)
    func presentNotFound(_ id: ProductID)
}
