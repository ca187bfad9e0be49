import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 23 (left from 20): `import` of a FIFO is refused at once (74), where opening it to read waited for a writer
/// forever; a device such as `/dev/zero` is still read up to the limit (65, see BoundedInputTests).
@Suite struct ImportFIFOTests {
    @Test func importOfAFIFOIsRefusedWithoutBlocking() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let before = shop.dataBytes()
        let fifo = shop.folder.appendingPathComponent("export.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // `timeout` ends a shop that waits (124), so that a failure is a failure and not a hung suite.
        let started = Date()
        let outcome = try shop.run(
            ["/bin/sh", "-c", "exec timeout 10 \"$0\" import \"$1\"", ShopProcess.executable.path, fifo], viaShell: true
        )
        #expect(outcome.status == 74, "\(outcome)")
        #expect(outcome.stderr.contains("export.json") && outcome.stderr.contains("FIFO"), "\(outcome)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(shop.dataBytes() == before)
    }
}
