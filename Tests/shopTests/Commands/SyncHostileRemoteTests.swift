import Foundation
import Testing

/// SPEC 8.1: what a remote holds is checked before anything local changes. Each case is pushed by a
/// plain git clone to a device with no local changes (where a fast-forward used to take anything), and
/// must be refused with exit 65 naming `origin/main:PATH`, leaving the data file, HEAD, the working
/// tree and every file outside the repository as they were.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncHostileRemoteTests {
    /// One hostile commit: what it does to the attacker's clone, and a word the refusal must say.
    struct Case: Sendable {
        var name: String
        var says: String
        var apply: @Sendable (_ clone: URL, _ bait: URL) throws -> Void
    }

    static let cases: [Case] = [
        Case(name: "a link at the data file", says: "symbolic link") { clone, bait in
            try replace(clone.appendingPathComponent("shop.json"), withLinkTo: bait.appendingPathComponent("precious"))
        },
        Case(name: "a link at the lock", says: "shop.json.lock") { clone, bait in
            try link(clone.appendingPathComponent("shop.json.lock"), to: bait.appendingPathComponent("precious"))
        },
        Case(name: "a link at the undo index", says: "shop.json.undo") { clone, bait in
            let folder = clone.appendingPathComponent("shop.json.undo")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try link(folder.appendingPathComponent("index.json"), to: bait.appendingPathComponent("precious"))
        },
        Case(name: "a link at the undo folder", says: "shop.json.undo") { clone, bait in
            try link(clone.appendingPathComponent("shop.json.undo"), to: bait)
        },
        Case(name: "a device file", says: "shop.json.device") { clone, _ in
            try Data("{}".utf8).write(to: clone.appendingPathComponent("shop.json.device"))
        },
        Case(name: "a temporary file", says: ".shop.json.tmp.") { clone, _ in
            try Data("x".utf8).write(to: clone.appendingPathComponent(".shop.json.tmp.1.x"))
        },
        Case(name: "a submodule in place of the file", says: "submodule") { clone, _ in
            // A folder holding a repository of its own is committed as a submodule (a gitlink).
            let path = clone.appendingPathComponent("shop.json")
            try FileManager.default.removeItem(at: path)
            try SyncLab.git(["init", "-q", path.path], in: clone)
            try Data("x".utf8).write(to: path.appendingPathComponent("x"))
            try SyncLab.git(["add", "x"], in: path)
            try SyncLab.git(["commit", "-q", "-m", "x"], in: path)
        },
        Case(name: "garbage", says: "not valid shop data") { clone, _ in
            try Data("{ this is not json".utf8).write(to: clone.appendingPathComponent("shop.json"))
        },
        Case(name: "duplicate ids", says: "not valid shop data") { clone, _ in
            try editJSON(clone) { object in
                var items = object["items"] as! [[String: Any]]
                var copy = items[0]
                copy["name"] = "Another name"
                items.append(copy)
                object["items"] = items
            }
        },
        Case(name: "a newer version", says: "newer shop") { clone, _ in
            try editJSON(clone) { $0["version"] = 99 }
        },
        Case(name: "the file removed", says: "removed the data file") { clone, _ in
            try SyncLab.git(["rm", "-q", "shop.json"], in: clone)
        },
        Case(name: "a folder in place of the file", says: "folder") { clone, _ in
            let path = clone.appendingPathComponent("shop.json")
            try FileManager.default.removeItem(at: path)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: path.appendingPathComponent("inside.json"))
        },
    ]

    @Test func everyHostileRemoteIsRefusedAndNothingLocalChanges() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let bait = lab.root.appendingPathComponent("bait")
        try FileManager.default.createDirectory(at: bait, withIntermediateDirectories: true)
        try Data("the user's own file\n".utf8).write(to: bait.appendingPathComponent("precious"))
        let laptop = try lab.device("laptop")
        try laptop.ok(["add", "milk", "eggs"])
        try laptop.ok(["sync", "init", lab.remote.path])
        try laptop.ok(["sync"])
        let good = try SyncLab.git(["rev-parse", "main"], in: lab.remote)
        for (index, hostile) in Self.cases.enumerated() {
            // Every other case with a local change not yet committed: it must not be committed either.
            if index % 2 == 1 { try laptop.ok(["add", "local \(index)"]) }
            let clone = try lab.attacker()
            try SyncLab.git(["reset", "-q", "--hard", good], in: clone)
            try SyncLab.git(["clean", "-q", "-f", "-f", "-d", "-x"], in: clone)
            try hostile.apply(clone, bait)
            try lab.push(clone, hostile.name)
            let before = try DeviceState(laptop, outside: bait)
            let outcome = try laptop.run(["sync"])
            #expect(outcome.status == 65, "\(hostile.name): \(outcome)")
            #expect(outcome.stderr.contains("origin/main:"), "\(hostile.name): \(outcome)")
            #expect(outcome.stderr.contains(hostile.says), "\(hostile.name): \(outcome)")
            #expect(try DeviceState(laptop, outside: bait) == before, "\(hostile.name)")
            // The device goes on working, and writes nothing through anything the remote sent.
            try laptop.ok(["add", "bread"])
            try laptop.ok(["remove", "bread"])
            #expect(SyncLab.snapshot(bait) == before.outside, "\(hostile.name)")
            // The remote taken back: the next sync goes through.
            try SyncLab.git(["push", "-q", "-f", "origin", "\(good):refs/heads/main"], in: clone)
            try laptop.ok(["sync"])
        }
    }

    @Test func aLinkAtTheLockOrTheUndoHistoryIsRefusedWithExit74() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let bait = lab.root.appendingPathComponent("bait")
        try FileManager.default.createDirectory(at: bait, withIntermediateDirectories: true)
        let precious = bait.appendingPathComponent("precious")
        try Data("the user's own file\n".utf8).write(to: precious)
        let shop = try lab.device("d")
        try shop.ok(["add", "milk"])
        let folder = shop.dataFolder
        let places = [
            folder.appendingPathComponent("shop.json.lock"),
            folder.appendingPathComponent("shop.json.undo"),
            folder.appendingPathComponent("shop.json.undo/index.json"),
        ]
        for place in places {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("shop.json.lock"))
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("shop.json.undo"))
            if place.lastPathComponent == "index.json" {
                try FileManager.default.createDirectory(
                    at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try Self.link(place, to: place.lastPathComponent == "shop.json.undo" ? bait : precious)
            let data = try Data(contentsOf: shop.syncedFile)
            let outcome = try shop.run(["add", "eggs"])
            #expect(outcome.status == 74, "\(place.lastPathComponent): \(outcome)")
            #expect(
                outcome.stderr.contains(place.lastPathComponent) && outcome.stderr.contains("symbolic link"),
                "\(outcome)")
            #expect(try Data(contentsOf: shop.syncedFile) == data)
            #expect(SyncLab.snapshot(bait) == ["precious": Data("the user's own file\n".utf8)], "\(place)")
        }
    }

    // MARK: - Helpers

    static func link(_ path: URL, to target: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: target.path)
    }

    static func replace(_ path: URL, withLinkTo target: URL) throws {
        try FileManager.default.removeItem(at: path)
        try link(path, to: target)
    }

    static func editJSON(_ clone: URL, _ edit: (inout [String: Any]) -> Void) throws {
        let path = clone.appendingPathComponent("shop.json")
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as! [String: Any]
        edit(&object)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: path)
    }
}

private func link(_ path: URL, to target: URL) throws { try SyncHostileRemoteTests.link(path, to: target) }
private func replace(_ path: URL, withLinkTo target: URL) throws {
    try SyncHostileRemoteTests.replace(path, withLinkTo: target)
}
private func editJSON(_ clone: URL, _ edit: (inout [String: Any]) -> Void) throws {
    try SyncHostileRemoteTests.editJSON(clone, edit)
}
