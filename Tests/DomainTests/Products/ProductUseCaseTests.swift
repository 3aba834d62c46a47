import Domain
import Testing

@Suite("Product use cases")
struct ProductUseCaseTests {
    @Test("the catalog is listed by name in pages, with a cursor while more follow")
    func list() {
        let spy = OrderOutputSpy()
        ProductListUseCase(products: catalog).eventList(after: nil, limit: 2, output: spy)
        ProductListUseCase(products: catalog).eventList(after: ProductCursor(after: pens), limit: 2, output: spy)
        #expect(spy.events == [
            .products([ProductPresentationModel(keyboard), ProductPresentationModel(pens)], next: ProductCursor(name: "Pens", id: pens.id)),
            .products([ProductPresentationModel(syrup)], next: nil),
        ])
    }

    @Test("an empty catalog is the no-products event")
    func empty() {
        let spy = OrderOutputSpy()
        ProductListUseCase(products: InMemoryProductManager([])).eventList(after: nil, limit: 20, output: spy)
        #expect(spy.events == [.noProducts])
    }

    @Test("one product by id, or not found")
    func show() {
        let spy = OrderOutputSpy()
        ProductShowUseCase(products: catalog).eventShow(id: syrup.id, output: spy)
        ProductShowUseCase(products: catalog).eventShow(id: ProductID("p_none"), output: spy)
        #expect(spy.events == [.product(ProductPresentationModel(syrup)), .productNotFound(ProductID("p_none"))])
    }
}
