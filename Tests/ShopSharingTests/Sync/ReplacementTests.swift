import ShopFormats
import ShopHistory
import ShopJSON
import Testing

@testable import ShopModel
@testable import ShopSharing

/// The `Shop-Replaced` trailer of merge commits (SPEC 14, "the loser is told"): one line of JSON that
/// reads back as it was written, and anything else is ignored rather than misread.
@Suite struct ReplacementTests {
    let replacement = Replacement(
        kind: .item, name: "Milk \"2%\"", field: "note", word: "note", lost: "\"lactose free\"",
        kept: "\"regular\"", by: "laptop", byTie: true)

    @Test func theTrailerIsOneLineOfJSONThatReadsBack() {
        let value = replacement.trailerValue
        #expect(!value.contains("\n"))
        #expect(value.hasPrefix(#"{"by":"laptop","field":"note","kept":"#) && value.hasSuffix(#","tie":true}"#))
        #expect(Replacement(trailer: value) == replacement)
    }

    @Test func aTrailerWithoutWordOrTieTakesTheFieldAndNoTie() {
        let read = Replacement(
            trailer: #"{"by":"phone","field":"quantity","kept":"3","kind":"item","lost":"5","name":"Eggs"}"#)
        #expect(read?.word == "quantity" && read?.byTie == false && read?.kind == .item)
    }

    @Test(arguments: [
        "", "not json", "[]", #"{"kind":"planet","name":"x","field":"f","lost":"a","kept":"b","by":"c"}"#,
        #"{"kind":"item","field":"f","lost":"a","kept":"b","by":"c"}"#,
    ])
    func anythingElseIsIgnored(_ trailer: String) {
        #expect(Replacement(trailer: trailer) == nil)
    }
}
