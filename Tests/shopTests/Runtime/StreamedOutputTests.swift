import Foundation
import ShopKit
import Testing

@testable import shop

/// Long reports written to standard output as they are made (``StreamedOutput``) are the same bytes, in
/// the same order, as the output kept whole for the result.
@Suite struct StreamedOutputTests {
    /// 6,000 purchases of 200 items over 30 days: reports of several pieces of 64 KB.
    static func sandboxWithALongLog() throws -> InProcessSandbox {
        let sandbox = try InProcessSandbox()
        let store = DataFileStore(path: sandbox.dataFile.path)
        try store.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            var (list, log) = (workspace.list, workspace.log)
            defer { (workspace.list, workspace.log) = (list, log) }
            let names = (1...200).map { "item \($0) " + String(repeating: "é", count: $0 % 40 + 1) }
            _ = try list.add(names)
            let ids = names.map { list.item(named: $0)!.id }
            for day in 0..<30 {
                if day > 0 { _ = try list.unbuy(ids) }
                _ = try list.buyAll(at: Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400), log: &log)
            }
        }
        return sandbox
    }

    @Test func streamedReportsAreTheBytesOfTheKeptOnes() throws {
        let sandbox = try Self.sandboxWithALongLog()
        defer { sandbox.remove() }
        let commands = [
            ["history"], ["history", "--json"], ["history", "--format", "csv"], ["history", "item 1"],
            ["history", "nothing like it"], ["spending", "--by", "month"], ["history", "--since", "bad"],
        ]
        for arguments in commands {
            let kept = ShopCommandLine.run(arguments: arguments, environment: sandbox.environment)
            let path = sandbox.folder.appendingPathComponent("stdout").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            #expect(descriptor >= 0)
            let streamed = ShopCommandLine.run(
                arguments: arguments, environment: sandbox.environment, streamingOutputTo: descriptor)
            close(descriptor)
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(written + Data(streamed.output.utf8) == Data(kept.output.utf8), "\(arguments)")
            #expect(streamed.exitCode == kept.exitCode && streamed.messages == kept.messages, "\(arguments)")
            if arguments == ["history", "--json"] { #expect(written.count > 4 * StreamedOutput.pieceSize) }
        }
    }
}
