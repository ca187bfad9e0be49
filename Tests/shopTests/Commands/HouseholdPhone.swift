import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The household's phone in the simulator (SPEC 16, serve ops): taps sent as the page sends them, one batch
/// of `POST /api/ops` to a real `shop serve` on the data file of the device that hosts it. A server is
/// started for each batch at the simulator's clock (a server's clock is the `SHOP_NOW` it started with,
/// and it refuses taps more than a day after it), and stopped after it.
struct HouseholdPhone {
    /// Whether a server can run here: not under libfaketime (see ``ServeServer/unavailable``).
    static var available: Bool { ServeServer.unavailable == nil }

    /// One op of a batch, as the page writes it, and its words for the transcript.
    struct Tap {
        var json: String
        var words: String
    }

    /// What the phone's page sends for one kind of tap on `name`, from what the host's `shop export` shows:
    /// 0 `buy` of the item, 1 `unbuy` of its purchase logged last, 2 `add` of the name, 3 a tap into the
    /// cart and back out (a `buy` and the `unbuy` of that very purchase, which takes the op's id), 4 a `buy`
    /// through the cart row's form (SPEC 23: what was typed, an amount and the total paid). Empty when the item or
    /// purchase the tap needs is not there.
    static func taps(_ kind: Int, name: String, export: [String: Any], at time: String) -> [Tap] {
        let id = UUID().uuidString
        let items = export["items"] as? [[String: Any]] ?? []
        let record = items.first { ($0["name"] as? String)?.lowercased() == name.lowercased() }
        let item = record?["id"] as? String
        // The page offers a buy only of an item it shows on the list.
        let onList = record?["onList"] as? Bool ?? false
        let buy = item.flatMap { onList ? $0 : nil }.map {
            Tap(
                json: #"{"id": "\#(id)", "op": "buy", "item": "\#($0)", "at": "\#(time)", "store": null}"#,
                words: "buy \(name)")
        }
        func unbuy(_ purchase: String, of item: String) -> Tap {
            Tap(
                json:
                    #"{"id": "\#(UUID().uuidString)", "op": "unbuy", "item": "\#(item)", "purchase": "\#(purchase)"}"#,
                words: "unbuy \(name)")
        }
        switch kind {
        case 0: return buy.map { [$0] } ?? []
        case 4:
            guard let item, onList else { return [] }
            let json =
                #"{"id": "\#(id)", "op": "buy", "item": "\#(item)", "at": "\#(time)", "store": null, "quantity": "3", "#
                + #""paid": "3.27"}"#
            return [Tap(json: json, words: "buy \(name) -q 3 --paid 3.27 (the form)")]
        case 1:
            let purchases = export["purchases"] as? [[String: Any]] ?? []
            guard let item,
                let purchase = purchases.last(where: { ($0["itemId"] as? String) == item })?["id"] as? String
            else { return [] }
            return [unbuy(purchase, of: item)]
        case 2:
            // As the page sends it: with the tap's time, which makes a resent add of an existing item `already`.
            let json = #"{"id": "\#(id)", "op": "add", "name": "\#(name)", "at": "\#(time)"}"#
            return [Tap(json: json, words: "add \(name)")]
        default:
            guard let item, let buy else { return [] }
            // The unbuy names the purchase the buy before it makes, which takes the buy op's id.
            return [buy, unbuy(id, of: item)]
        }
    }

    /// The batch the page sends for `taps`.
    static func batch(_ taps: [Tap]) -> String { #"{"ops": [\#(taps.map(\.json).joined(separator: ", "))]}"# }

    /// Sends `batch` to a server on `device`'s data file started at `now` that kills itself (SIGKILL) right
    /// after writing the data file, before it answers or remembers the ops, as a phone's batch meets a
    /// server killed half-way; the page keeps the batch and sends it again (``send(_:to:now:)``).
    static func sendKilled(_ batch: String, to device: ShopProcess, now: String) throws {
        let server = try ServeServer(
            device, environment: ["SHOP_NOW": now, "SHOP_TEST_SERVE_FAULT": "kill-after-write"])
        if let connection = try? RawConnection(port: server.port) {
            connection.send(server.postOps(batch))
            _ = connection.readResponse(timeout: 20)
            connection.close()
        }
        server.stop(SIGKILL)
    }

    /// Sends `batch` to a server on `device`'s data file started at `now`, and stops it.
    /// - Returns: the problems seen (an answer other than 200, a server that did not stop cleanly).
    static func send(_ batch: String, to device: ShopProcess, now: String) throws -> [String] {
        let server = try ServeServer(device, environment: ["SHOP_NOW": now])
        let answer = try server.exchange(server.postOps(batch), timeout: 30)
        var problems: [String] = []
        if answer.status != 200 { problems.append("the batch was answered \(answer)") }
        if server.stop() != 0 { problems.append("serve did not stop cleanly: \(server.errors)") }
        return problems
    }
}
