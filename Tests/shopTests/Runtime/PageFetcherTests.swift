import Foundation
import Testing

/// `shop` fetches a page by running `shop-fetch` beside it (SPEC section 19), so that `shop` itself never
/// links FoundationNetworking: with it every command started 2-3 times slower.
@Suite struct PageFetcherTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "needs ldd(1)"))
    func shopLinksNeitherFoundationNorTheNetworkStack() throws {
        let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
        let process = Process()
        process.executableURL = ldd
        process.arguments = [ShopProcess.executable.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let libraries = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(libraries.contains("libswiftCore"), "\(libraries)")
        for library in ["libFoundation.so", "libFoundationNetworking", "libcurl"] {
            #expect(!libraries.contains(library), "\(library) is linked into shop")
        }
    }

    @Test func aMissingHelperIsSaidAndNothingIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("shop")
        try ExecutableFile.write(Data(contentsOf: ShopProcess.executable), to: alone)
        let process = Process()
        process.executableURL = alone
        process.currentDirectoryURL = folder
        process.arguments = [
            "--file", folder.appendingPathComponent("shop.json").path, "recipe", "import", "http://127.0.0.1:9/a",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        // A process started elsewhere in the suite between fork and exec may still hold the copy open
        // for a moment: exec then fails with ETXTBSY ("Text file busy"), so it is tried again.
        for attempt in 1... {
            do {
                try process.run()
                break
            } catch let error as NSError where attempt < 50 && ExecutableFile.isTextFileBusy(error) {
                usleep(100_000)
            }
        }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 69, "\(said)")
        #expect(
            said.contains("shop-fetch is missing: build it (swift build --product shop-fetch) and keep it beside shop"),
            "\(said)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["shop"], "\(left)")
    }
}
