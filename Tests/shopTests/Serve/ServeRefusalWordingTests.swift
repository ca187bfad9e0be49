import ShopKit
import Testing

@testable import ShopServe

/// The router's refusals are worded by the server (ShopKit returns ``ServeRouter/Refusal``): each line a
/// refused answer carries, exactly as it read when ShopKit still wrote it. The statuses are pinned by
/// ShopKit's `ServeRouterTests` and, on a real server, by `ServeRefusalTests`.
@Suite struct ServeRefusalWordingTests {
    @Test func everyRefusalSaysWhatTheRequestShouldHaveBeen() {
        let words: [(ServeRouter.Refusal, String)] = [
            (.unknownHost, "this server does not answer to that host name"),
            (.loginNotGet, "the link is opened with GET"),
            (.noToken, "open the link that 'shop serve' printed (or its QR code) first"),
            (.pageNotRead, "the page is read with GET"),
            (.workerNotRead, "the worker is read with GET"),
            (.listNotRead, "the list is read with GET"),
            (.opsNotPost, "operations are sent with POST"),
            (.opsNotJSON, "operations are sent as Content-Type: application/json"),
            (.opsFromElsewhere, "operations come from this page only"),
            (.noSuchPath, "no such page"),
        ]
        for (reason, line) in words {
            #expect(ServeHandler.words(reason) == line, "\(reason)")
        }
    }
}
