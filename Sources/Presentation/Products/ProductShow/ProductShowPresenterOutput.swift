/// What the product Responder must be able to show.
public protocol ProductShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The product.
    func showProduct(_ product: ProductViewModel)
}
