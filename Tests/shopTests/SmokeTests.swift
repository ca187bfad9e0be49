import Testing
@testable import shop

@Test func smoke() {
    #expect(ShopCommandLine.run(arguments: []) == 0)
}
