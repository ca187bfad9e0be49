import Foundation
import ShopKit
import Testing

@testable import shop

@Suite struct ScriptOutputTests {
    @Test func text() throws {
        let fixture = try OutputFixture()
        #expect(
            ListFormat.text.render(fixture.list.view(of: fixture.onList, at: nil), in: fixture.list) == """
                Shopping list (4 items)

                Produce (2)
                  Apples (x3)  1.50
                  Bananas (unavailable)

                Dairy (1)
                  Milk (x2)  2.50

                Unknown Location (1)
                  Batteries  5.00
                    AA, 4-pack

                Total: 9.00

                """)
        #expect(
            ListFormat.text.render(fixture.list.view(of: [], at: nil), in: fixture.list) == "Shopping list (0 items)\n")
    }

    @Test func markdown() throws {
        let fixture = try OutputFixture()
        #expect(
            ListFormat.markdown.render(fixture.list.view(of: fixture.onList, at: nil), in: fixture.list) == """
                # Shopping list

                ## Produce

                - [ ] Apples (x3) — 1.50
                - [ ] ~~Bananas~~

                ## Dairy

                - [ ] Milk (x2) — 2.50

                ## Unknown Location

                - [ ] Batteries — 5.00 — AA, 4-pack

                Total: 9.00

                """)
    }

    @Test func markdownEscapesPunctuation() {
        #expect(ScriptOutput.markdownText("*new* [v2] a_b") == "\\*new\\* \\[v2\\] a\\_b")
        #expect(ScriptOutput.markdownText("Crème & fraîche") == "Crème & fraîche")
    }

    @Test func csv() throws {
        let fixture = try OutputFixture()
        #expect(
            ListFormat.csv.render(fixture.list.view(of: fixture.onList, at: nil), in: fixture.list)
                == "name,quantity,location,available,price,note\r\n" + "Apples,3,Produce,true,0.50,\r\n"
                + "Bananas,1,Produce,false,,\r\n" + "Milk,2,Dairy,true,1.25,\r\n"
                + "Batteries,1,Unknown Location,true,5.00,\"AA, 4-pack\"\r\n")
    }

    @Test func csvQuoting() {
        #expect(ScriptOutput.csvField("plain") == "plain")
        #expect(ScriptOutput.csvField("a,b") == "\"a,b\"")
        #expect(ScriptOutput.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(ScriptOutput.csvField("two\nlines") == "\"two\nlines\"")
        #expect(ScriptOutput.csvField("cr\rhere") == "\"cr\rhere\"")
        #expect(ScriptOutput.csvField("") == "")
    }

    /// python3 on the PATH, if any.
    private static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { String($0) + "/python3" }
        return candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    }()

    /// Python's csv module is the reference reader; skipped where python3 is not installed.
    @Test(.enabled(if: python != nil, "needs python3 on the PATH as the reference CSV reader"))
    func csvRoundTripsThroughPython() throws {
        let python = try #require(Self.python)
        let list = try hostileList()
        let items = list.walkingOrder(list.items)
        let csv = ListFormat.csv.render(list.view(of: items, at: nil), in: list)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            "-c",
            "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8', newline='')))))",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(csv.utf8))
        try input.fileHandleForWriting.close()
        // Read before waiting, so a full pipe cannot deadlock.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        var expected = [["name", "quantity", "location", "available", "price", "note"]]
        for item in items {
            expected.append([
                item.name, "\(item.quantity)", list.location(of: item).name, "\(item.isAvailable)",
                item.price?.description ?? "", item.note ?? "",
            ])
        }
        #expect(rows == expected)
        #expect(rows.count == 3)
    }
}
