/// What listing the catalog can lead to.
public protocol ProductListUseCaseOutput: StorageFailureOutput {
    /// A page of products; `next` is where the following page starts, nil on the last page.
    func presentProducts(_ products: [ProductPresentationModel], next: ProductCursor?)
    /// The first page is empty: the catalog has nothing.
    func presentNoProducts()
}
