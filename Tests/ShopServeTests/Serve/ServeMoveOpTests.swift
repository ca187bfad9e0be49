import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopPlacing
import ShopTestSupport
import Testing

@testable import ShopModel
@testable import ShopServe

/// The page's `move` (SPEC 21, issue 50): an item moved to another location from the phone, read from
/// `POST /api/ops`, applied as `edit --location` applies it, once, and refused for a location that does not exist.
@Suite struct ServeMoveOpTests {
    static func move(_ item: Item.ID, to location: Location.ID, at: Date? = nil) -> ServeOp {
        ServeOp(id: .random(), kind: .move, item: item, name: nil, at: at, location: location)
    }

    /// The fixture with Milk in Dairy by a guess, as `add milk` leaves it.
    static func guessedMilk() throws -> ShoppingList {
        var list = try ShoppingList.fixture()
        var milk = try #require(list.item(named: "Milk"))
        milk.locationGuess = "'milk'"
        list.replace(milk)
        return list
    }

    @Test func aMoveOpIsReadWithTheLocationsID() throws {
        let body = """
            {"ops": [
              {"id": "6f1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "move", "item": "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10",
               "name": "Milk", "location": "1C24410D-AD20-5712-A030-D35CDB236870", "at": "2026-11-22T10:00:00.123Z"},
              {"id": "7f1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "move", "item": "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10",
               "name": "Milk"},
              {"id": "8f1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "move", "item": "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10",
               "name": "Milk", "location": "Dairy"},
              {"id": "9f1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "move", "location": "1C24410D-AD20-5712-A030-D35CDB236870"}
            ]}
            """
        let ops = try ServeBatch.parse(Array(body.utf8)).get()
        let move = try ops[0].get()
        #expect(move.kind == .move && move.location?.description == "1C24410D-AD20-5712-A030-D35CDB236870")
        #expect(move.item?.description == "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10" && move.name == "Milk")
        let problems = ops.dropFirst().map { result -> ServeOpProblem? in
            if case .failure(let problem) = result { return problem } else { return nil }
        }
        #expect(
            problems.map { $0?.message } == [
                "move needs the \"location\" it goes to", "\"location\" is a location's id", "move needs an \"item\"",
            ])
        // Each names the item it was about, so the page's message does.
        #expect(problems.map { $0?.name } == ["Milk", "Milk", nil])
    }

    @Test func aMoveIsEditLocationAndTheGuessIsGone() throws {
        var log = PurchaseLog()
        var list = try Self.guessedMilk()
        let bakery = try #require(list.location(named: "Bakery"))
        var edited = list
        _ = try edited.edit(list.id("Milk"), ItemChanges(locationID: bakery.id))
        let tap = Clock.now.addingTimeInterval(-30.5)
        let move = Self.move(list.id("Milk"), to: bakery.id, at: tap)
        #expect(
            list.apply([.success(move)], seen: [], now: Clock.now, log: &log) == [
                .applied(summary: "move Milk to Bakery")
            ])
        let milk = try #require(list.item(named: "Milk"))
        #expect(milk.locationID == bakery.id && milk.locationGuess == nil)
        // Just what `edit --location` does, its field stamped with the tap (applied once by it).
        var expected = try #require(edited.item(named: "Milk"))
        expected.modifiedAt = milk.modifiedAt
        #expect(milk == expected && milk.modifiedAt["locationId"] == tap)
        #expect(
            ServeBatch.undoDescription([.applied(summary: "move Milk to Bakery")], client: "Eva")
                == "serve: move Milk to Bakery (Eva)")
    }

    @Test func theSameMoveTwiceMovesOnce() throws {
        var log = PurchaseLog()
        var list = try Self.guessedMilk()
        let bakery = try #require(list.location(named: "Bakery"))
        let produce = try #require(list.location(named: "Produce"))
        let move = Self.move(list.id("Milk"), to: bakery.id, at: Clock.now.addingTimeInterval(-60))
        #expect(
            list.apply([.success(move), .success(move)], seen: [], now: Clock.now, log: &log).map(\.word) == [
                "applied", "already",
            ])
        // The ledger lost it, and the terminal moved Milk on since: the stamp says the move was done, and it stands.
        var milk = try #require(list.item(named: "Milk"))
        milk.locationID = produce.id
        milk.modifiedAt["locationId"] = Clock.now.addingTimeInterval(-10)
        list.replace(milk)
        let before = list
        #expect(list.apply([.success(move)], seen: [], now: Clock.now, log: &log) == [.already])
        #expect(list == before)
        // An item already where the person said, no guess: nothing to do, nothing changed.
        let again = Self.move(list.id("Milk"), to: produce.id, at: Clock.now)
        #expect(list.apply([.success(again)], seen: [], now: Clock.now, log: &log) == [.already])
        #expect(list == before)
    }

    @Test func aMoveToALocationThatDoesNotExistIsRefusedAndChangesNothing() throws {
        var log = PurchaseLog()
        var list = try Self.guessedMilk()
        let before = list
        let nowhere = Location.ID.random()
        let results = list.apply(
            [.success(Self.move(list.id("Milk"), to: nowhere, at: Clock.now))], seen: [], now: Clock.now, log: &log)
        #expect(results == [.refused(.notFound(nowhere.description, kind: .location, candidates: []))])
        #expect(list == before)
        // An item removed elsewhere: the move means nothing any more.
        let dairy = try #require(list.location(named: "Dairy"))
        #expect(
            list.apply(
                [.success(Self.move(.random(), to: dairy.id, at: Clock.now))], seen: [], now: Clock.now, log: &log)
                == [.gone])
        #expect(list == before)
    }

    @Test func anItemAddedOfflineIsMovedInTheSameBatch() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        let bakery = try #require(list.location(named: "Bakery"))
        let add = ServeOp(id: .random(), kind: .add, name: "Sourdough", at: Clock.now.addingTimeInterval(-120))
        // The page names the add's id as the item (SPEC 17), tapped after the add, sent with it.
        let move = Self.move(Item.ID(add.id.uuid), to: bakery.id, at: Clock.now.addingTimeInterval(-60))
        #expect(
            list.apply([.success(add), .success(move)], seen: [], now: Clock.now, log: &log).map(\.word) == [
                "applied", "applied",
            ])
        #expect(list.item(named: "Sourdough")?.locationID == bakery.id)
    }
}
