import Foundation
import Testing

@Suite(.serialized) struct LocationCommandsEndToEndTests {
    private func object(_ outcome: ShopProcess.Outcome) throws -> Any {
        #expect(outcome.status == 0, "\(outcome)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    @Test func addEditShowRemove() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        var outcome = try shop.run(["location", "add", "Dairy", "--order", "10", "--color", "#336699"])
        #expect(outcome.status == 0 && outcome.stderr == "Added location Dairy (order 10)\n", "\(outcome)")
        try shop.run(["location", "add", "Produce", "--order", "5", "--color", "green"])
        try shop.run(["add", "milk", "-l", "dairy"])
        try shop.run(["add", "apples", "-l", "prod"])
        let locations = try #require(try object(shop.run(["locations", "--json"])) as? [[String: Any]])
        #expect(locations.map { $0["name"] as? String } == ["Produce", "Dairy", "Unknown Location"])
        #expect(locations[1]["color"] as? String == "#336699ff" && locations[1]["itemCount"] as? Int == 1)
        #expect(locations[1]["onListCount"] as? Int == 1 && locations[2]["isUnknown"] as? Bool == true)

        outcome = try shop.run([
            "location", "edit", "dairy", "--name", "Milk Bar", "--order", "1", "--color", "#11223344",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let shown = try #require(try object(shop.run(["location", "show", "milk bar", "--json"])) as? [String: Any])
        #expect(shown["visitationOrder"] as? Int == 1 && shown["color"] as? String == "#11223344")
        #expect((shown["items"] as? [[String: Any]])?.first?["name"] as? String == "milk")

        outcome = try shop.run(["location", "remove", "Milk Bar"])
        #expect(
            outcome.status == 0 && outcome.stderr == "Removed location Milk Bar; 1 item moved to Unknown Location\n",
            "\(outcome)")
        let milk = try #require(try object(shop.run(["show", "milk", "--json"])) as? [String: Any])
        #expect(milk["location"] as? String == "Unknown Location")
    }

    @Test func unknownLocationRules() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["location", "add", "Deli"])
        try shop.expectFailure(["location", "remove", "Unknown Location"], status: 1, mentioning: "cannot be removed")
        try shop.expectFailure(
            ["location", "edit", "unknown", "--order", "3"], status: 1, mentioning: "has no visitation order")
        try shop.expectFailure(["location", "add", "deli"], status: 1, mentioning: "already exists")
        try shop.expectFailure(
            ["location", "add", "Bakery", "--order", "101"], status: 1, mentioning: "visitation order 101")
        try shop.expectFailure(["location", "add", "Bakery", "--order", "x"], status: 64, mentioning: "'x'")
        try shop.expectFailure(
            ["location", "add", "Bakery", "--color", "#zz"], status: 1, mentioning: "invalid colour '#zz'")
        try shop.expectFailure(["location", "show", "Nowhere"], status: 1, mentioning: "shop location add")
        try shop.expectFailure(["location"], status: 64, mentioning: "subcommand")
        let outcome = try shop.run(["location", "edit", "unknown", "--name", "Elsewhere", "--color", "red"])
        #expect(outcome.status == 0, "\(outcome)")
        let locations = try #require(try object(shop.run(["locations", "--json"])) as? [[String: Any]])
        #expect(locations.last?["name"] as? String == "Elsewhere" && locations.last?["isUnknown"] as? Bool == true)
    }
}

@Suite(.serialized) struct TimerSampleAndFileEndToEndTests {
    @Test func timerKeepsCountingBetweenCommands() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        var outcome = try shop.run(["timer", "--json"])
        #expect(
            outcome.stdout.contains("\"running\" : false") && outcome.stdout.contains("\"elapsedSeconds\" : 0"),
            "\(outcome)")
        #expect(shop.dataBytes() == nil, "a read must not create the data file")
        outcome = try shop.run(["timer", "start"])
        #expect(outcome.status == 0 && outcome.stderr == "Started the timer.\n", "\(outcome)")
        outcome = try shop.run(["timer", "--json"])
        let timer = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(timer["running"] as? Bool == true && timer["startedAt"] is String)
        try shop.run(["timer", "stop"])
        outcome = try shop.run(["timer", "reset", "--json"])
        #expect(
            outcome.stdout.contains("\"elapsedSeconds\" : 0") && outcome.stdout.contains("\"startedAt\" : null"),
            "\(outcome)")
        try shop.expectFailure(["timer", "pause"], status: 64, mentioning: "'pause'")
    }

    @Test func sampleLoadsAndRefusesToOverwrite() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        var outcome = try shop.run(["sample"])
        #expect(outcome.status == 0 && outcome.stderr.hasPrefix("Loaded the sample data: "), "\(outcome)")
        let list = try shop.run(["list", "--by-location", "--json"])
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(groups.count >= 5)
        try shop.run(["add", "my own thing"])
        try shop.expectFailure(["sample"], status: 1, mentioning: "already holds data")
        outcome = try shop.run(["sample", "--force"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try shop.run(["show", "my own thing"]).status == 1)
    }

    @Test func firstWriteCreatesPrivateFolderAndFile() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["list"])
        #expect(!FileManager.default.fileExists(atPath: shop.dataFile.deletingLastPathComponent().path))
        try shop.run(["add", "milk"])
        let folder = try FileManager.default.attributesOfItem(atPath: shop.dataFile.deletingLastPathComponent().path)
        let file = try FileManager.default.attributesOfItem(atPath: shop.dataFile.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: shop.dataFile.deletingLastPathComponent().path)
        #expect(leftovers.sorted() == ["shop.json", "shop.json.lock", "shop.json.undo"])
    }

    @Test func dataFileLocationRules() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let explicit = shop.folder.appendingPathComponent("explicit.json").path
        try shop.run(["--file", explicit, "add", "a"])
        #expect(FileManager.default.fileExists(atPath: explicit))
        try shop.run(["add", "b", "--file=\(explicit)"])
        var env = shop
        env.environment["SHOP_FILE"] = nil
        env.environment["XDG_DATA_HOME"] = shop.folder.appendingPathComponent("xdg").path
        try env.run(["add", "c"])
        #expect(FileManager.default.fileExists(atPath: shop.folder.appendingPathComponent("xdg/shop/shop.json").path))
        env.environment["XDG_DATA_HOME"] = nil
        try env.run(["add", "d"])
        #expect(
            FileManager.default.fileExists(
                atPath: shop.folder.appendingPathComponent("home/.local/share/shop/shop.json").path))
    }

    @Test func corruptAndNewerFilesAreRefusedUntouched() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let corrupt = Data("{\"version\": 1, \"items\": [".utf8)
        try corrupt.write(to: shop.dataFile)
        // The sandbox's path is longer than the 60 cells an error quotes: its end, the file name, stays.
        try shop.expectFailure(["add", "eggs"], status: 65, mentioning: "data/shop.json'")
        try shop.expectFailure(["list"], status: 65, mentioning: "line 1")
        try Data("{\"version\": 99, \"items\": []}".utf8).write(to: shop.dataFile)
        try shop.expectFailure(["add", "eggs"], status: 65, mentioning: "newer")
    }

    @Test func unwritablePlacesExit74() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let blocker = shop.folder.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let outcome = try shop.run(["--file", blocker.appendingPathComponent("shop.json").path, "add", "milk"])
        #expect(outcome.status == 74, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("Error: cannot"), "\(outcome)")
    }

    @Test func helpAndVersion() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let overview = try shop.run([])
        #expect(
            overview.status == 0 && overview.stdout.contains("OVERVIEW:") && overview.stdout.contains("SUBCOMMANDS:"))
        let help = try shop.run(["help", "add"])
        let flag = try shop.run(["add", "--help"])
        #expect(help.status == 0 && help.stdout == flag.stdout && help.stdout.hasPrefix("OVERVIEW:"))
        let version = try shop.run(["--version"])
        #expect(version.stdout.hasPrefix("shop "))
    }
}

@Suite struct FailedFirstChangeTests {
    @Test func aFailingCommandOnAFreshSetupCreatesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        for arguments in [["buy", "milk"], ["add", "x", "-q", "0"], ["location", "remove", "Unknown Location"]] {
            let outcome = try shop.run(arguments)
            #expect(outcome.status == 1, "\(outcome)")
        }
        #expect(!FileManager.default.fileExists(atPath: shop.dataFile.deletingLastPathComponent().path))
    }
}
