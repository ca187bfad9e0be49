import Foundation
import Testing

/// `shop serve --sync MINUTES` (SPEC 17): the phone's taps reach the household through the same sync as
/// the command, run by the server itself; a failing remote is said on the page's status and on standard
/// error, and the server keeps answering. Real git, a bare remote, a real server.
@Suite(.serialized) struct ServeSyncTests {
    /// The list's `sync` object as the page reads it.
    private func syncStatus(_ server: ServeServer) throws -> [String: Any]? {
        let answer = try server.exchange(server.request("GET", "/api/list"))
        #expect(answer.status == 200, "\(answer)")
        let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        return object?["sync"] as? [String: Any]
    }

    private func waitFor(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(300_000)
        }
        return try condition()
    }

    @Test(
        .enabled(if: SyncLab.hasGit, "git is not installed"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(4)))
    func aTapReachesTheRemoteAndAFailingRemoteIsShownWhileTheServerAnswers() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        try laptop.ok(["add", "Milk", "--price", "1.19"])
        try lab.join(laptop)
        let milk = try ServeProcessTests.itemID(laptop, "Milk")
        let server = try ServeServer(laptop, arguments: ["--port", "0", "--sync", "30"])
        defer { server.stop() }

        // A tap, sent by the server's own sync: another device sees the purchase without anyone running sync there.
        let tap =
            #"{"ops": [{"id": "\#(UUID().uuidString)", "op": "buy", "item": "\#(milk)", "name": "Milk", "#
            + #""by": "Anna's phone", "at": "2026-11-22T10:00:00Z", "store": null}]}"#
        #expect(try server.exchange(server.postOps(tap)).text.contains("\"applied\""))
        let pushed = try waitFor(60) {
            try SyncLab.git(["log", "--format=%an", "main"], in: lab.remote).contains("Anna's phone")
                || SyncLab.git(["log", "-p", "main"], in: lab.remote).contains("Anna's phone")
        }
        #expect(pushed, "the tap reached the bare remote")
        let kitchen = try lab.device("kitchen")
        try lab.join(kitchen)
        let history = try kitchen.ok(["history", "--device", "Anna's phone"]).stdout
        #expect(history.contains("Milk"), "\(history)")
        #expect(try syncStatus(server)?["ok"] as? Bool == true)

        // The remote goes away: the next sync fails, on the page's status and stderr; the server answers on.
        try SyncLab.git(
            ["remote", "set-url", "origin", lab.root.appendingPathComponent("gone.git").path],
            in: lab.root.appendingPathComponent("laptop"))
        try laptop.ok(["add", "Bread"])
        let bread = try ServeProcessTests.itemID(laptop, "Bread")
        #expect(try server.exchange(server.postOps(#"{"ops": [\#(ServeProcessTests.buy(bread))]}"#)).status == 200)
        #expect(try waitFor(60) { try syncStatus(server)?["ok"] as? Bool == false }, "the failure is on the page")
        let message = try syncStatus(server)?["message"] as? String ?? ""
        #expect(!message.isEmpty)
        #expect(server.errors.contains("sync failed"), "\(server.errors)")
        #expect(try server.exchange(server.request("GET", "/api/list")).status == 200)
        #expect(server.stop() == 0, "the failures never stopped the server")
    }
}
