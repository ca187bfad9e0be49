import ShopSharing
import Testing

/// The few names `sync`'s messages list before "and N more".
@Suite struct ShortListTests {
    @Test func fiveNamesThenHowManyMore() {
        #expect(GitSync.shortList([]) == "")
        #expect(GitSync.shortList(["a"]) == "a")
        #expect(GitSync.shortList(["a", "b", "c", "d", "e"]) == "a, b, c, d, e")
        #expect(GitSync.shortList(["a", "b", "c", "d", "e", "f"]) == "a, b, c, d, e and 1 more")
        #expect(GitSync.shortList(["a", "b", "c"], limit: 2) == "a, b and 1 more")
    }
}
