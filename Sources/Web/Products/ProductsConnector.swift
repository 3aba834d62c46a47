import Domain
import HTTPServer
import Presentation

/// Assembles each catalog scene's stack (Responder, Presenter, UseCase) for one request and
/// runs its event.
struct ProductsConnector {
    let dependencies: Dependencies
    let context: RequestContext

    private var products: any ProductManager { dependencies.gateway.products }

    func list(limit: String?, cursor: String?) -> HTTPResponse {
        let responder = ViewModelResponder<ProductListViewModel>(context: context) { JSONBody.response(.ok, $0) }
        ProductListPresenter(useCase: ProductListUseCase(products: products), output: responder, messages: context.messages)
            .eventList(limit: limit, cursor: cursor)
        return responder.response
    }

    func show(id: String) -> HTTPResponse {
        let responder = ViewModelResponder<ProductViewModel>(context: context) { JSONBody.response(.ok, $0) }
        ProductShowPresenter(useCase: ProductShowUseCase(products: products), output: responder, messages: context.messages).eventShow(id: id)
        return responder.response
    }
}
