import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModel
import ShopTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DataFileStoreTests {
    /// A change that always alters the list.
    func addLocation(_ name: String) -> (inout ShoppingList) throws(ShopError) -> Void {
        { (list: inout ShoppingList) throws(ShopError) in
            var locations = Array(list.locations)
            locations.append(Location(name: name, visitationOrder: 5))
            list = try ShoppingList(items: Array(list.items), locations: locations)
        }
    }

    @Test func missingFileLoadsEmptyAndCreatesNothing() throws {
        try withTemporaryDirectory { (folder: String) throws in
            let store = DataFileStore(path: folder + "/sub/shop.json")
            #expect(try store.load().isEmpty)
            #expect(!store.exists)
            #expect(!FileManager.default.fileExists(atPath: folder + "/sub"))
        }
    }

    @Test func firstWriteCreatesFolderAndFilePrivately() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/a/b/shop.json"
            let store = DataFileStore(path: path)
            try store.update(addLocation("Dairy"))
            #expect(try permissions(folder + "/a") == 0o700)
            #expect(try permissions(folder + "/a/b") == 0o700)
            #expect(try permissions(path) == 0o600)
            #expect(FileManager.default.fileExists(atPath: path + ".lock"))
            #expect(try store.load().location(named: "Dairy") != nil)
            // Only the data file and its lock: no temporary file is left behind.
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder + "/a/b").sorted() == [
                    "shop.json", "shop.json.lock",
                ])
        }
    }

    @Test func replacingKeepsTheModeAndLeavesNoTemporaryFiles() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path)
            try store.update(addLocation("One"))
            chmod(path, 0o640)
            for index in 0..<5 { try store.update(addLocation("L\(index)")) }
            #expect(try permissions(path) == 0o640)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["shop.json", "shop.json.lock"])
            #expect(try store.load().locations.count == 7)
            #expect(
                try store.readRawBytes() == DataFileStore.encode(try store.load(), log: PurchaseLog(isLoaded: false)))
        }
    }

    @Test func unchangedListIsNotWritten() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path)
            let result = try store.update { (_: inout ShoppingList) throws(ShopError) in 42 }
            #expect(result == 42)
            #expect(!store.exists)
        }
    }

    @Test func throwingUpdateWritesNothing() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path)
            try store.update(addLocation("Dairy"))
            let before = try readBytes(path)
            #expect(throws: ShopError.invalidQuantity(0)) {
                try store.update { (list: inout ShoppingList) throws(ShopError) in
                    try addLocation("Bakery")(&list)
                    throw ShopError.invalidQuantity(0)
                }
            }
            #expect(throws: ShopError.invalidQuantity(1)) {
                try store.update(
                    addLocation("Bakery"), beforeWrite: { (_, _) throws(ShopError) in throw .invalidQuantity(1) })
            }
            #expect(try readBytes(path) == before)
        }
    }

    /// A change that fails with an error of its own layer: the store keeps it apart from its own failures, and
    /// writes nothing either way (issue 49: one error type per target).
    @Test func changeFailureKeepsTheChangesErrorApartFromTheStores() throws {
        struct Refusal: Error, Equatable {}
        try withTemporaryDirectory { folder in
            let path = folder + "/sub/shop.json"
            let store = DataFileStore(path: path)
            let refuse = { (list: inout ShoppingList) throws(Refusal) in
                list = ShoppingList()
                throw Refusal()
            }
            // No file yet: refused on the empty list tried first, leaving no folder behind.
            #expect(throws: ChangeFailure.change(Refusal())) {
                try store.updateWorkspace { (workspace: inout Workspace) throws(Refusal) in try refuse(&workspace.list)
                }
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/sub"))
            try store.update(addLocation("Dairy"))
            let before = try readBytes(path)
            #expect(throws: ChangeFailure.change(Refusal())) {
                try store.updateWorkspace { (workspace: inout Workspace) throws(Refusal) in try refuse(&workspace.list)
                }
            }
            #expect(throws: ChangeFailure<Refusal>.file(.invalidQuantity(1))) {
                try store.updateWorkspace(
                    { (workspace: inout Workspace) throws(Refusal) in workspace.list = ShoppingList() },
                    beforeWrite: { (_, _) throws(ShopError) in throw .invalidQuantity(1) })
            }
            try writeBytes(Array("{".utf8), path)
            do throws(ChangeFailure<Refusal>) {
                try store.updateWorkspace { (workspace: inout Workspace) throws(Refusal) in try refuse(&workspace.list)
                }
                Issue.record("accepted a corrupt file")
            } catch {
                guard case .file(.corruptFile(path, _)) = error else {
                    Issue.record("\(error)")
                    return
                }
            }
            #expect(try readBytes(path) == Array("{".utf8))
            try writeBytes(before, path)
            #expect(try store.updateWorkspace { (_: inout Workspace) throws(Refusal) in 42 } == 42)
            #expect(try readBytes(path) == before)
        }
    }

    @Test func beforeWriteSeesBothLists() throws {
        try withTemporaryDirectory { folder in
            let store = DataFileStore(path: folder + "/shop.json")
            var seen: (Int, Int)?
            try store.update(
                addLocation("Dairy"),
                beforeWrite: { (before, after) throws(ShopError) in
                    seen = (before.locations.count, after.locations.count)
                })
            #expect(seen?.0 == 1 && seen?.1 == 2)
        }
    }

    @Test func newerVersionIsRefusedAndLeftUntouched() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let original = Array(#"{"items":{"future":true},"version":13}"#.utf8)
            try writeBytes(original, path)
            let store = DataFileStore(path: path)
            #expect(throws: ShopError.newerVersion(path: path, found: 13, supported: 12)) { try store.load() }
            #expect(throws: ShopError.newerVersion(path: path, found: 13, supported: 12)) {
                try store.update(addLocation("Dairy"))
            }
            #expect(try readBytes(path) == original)
        }
    }

    @Test func corruptFileNamesPathAndPositionAndIsLeftUntouched() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let original = Array("{\n  \"version\" : 1,\n  \"items\" : [ }\n".utf8)
            try writeBytes(original, path)
            let store = DataFileStore(path: path)
            do {
                try store.update(addLocation("Dairy"))
                Issue.record("accepted a corrupt file")
            } catch let error as ShopError {
                guard case .corruptFile(let reported, let detail) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(reported == path)
                #expect(detail.hasPrefix("line 3, column 15:"), "\(detail)")
            }
            #expect(try readBytes(path) == original)
        }
    }

    @Test func heldLockMakesUpdateBusy() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path, lockTimeout: 0.2)
            try store.update(addLocation("Dairy"))
            // A separate open file description conflicts with the store's flock even within this process.
            let descriptor = open(path + ".lock", O_RDWR)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
            let start = Date()
            #expect(throws: ShopError.busy(lockPath: path + ".lock", waitedSeconds: 0.2)) {
                try store.update(addLocation("Bakery"))
            }
            #expect(Date().timeIntervalSince(start) >= 0.19)
            // Reading needs no lock.
            #expect(try store.load().location(named: "Dairy") != nil)
            flock(descriptor, LOCK_UN)
            try store.update(addLocation("Bakery"))
        }
    }

    @Test func symlinkIsKeptAndItsTargetReplaced() throws {
        try withTemporaryDirectory { folder in
            try FileManager.default.createDirectory(atPath: folder + "/dotfiles", withIntermediateDirectories: true)
            let target = folder + "/dotfiles/shop.json"
            let link = folder + "/shop.json"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "dotfiles/shop.json")
            let store = DataFileStore(path: link)
            try store.update(addLocation("Dairy"))
            try store.update(addLocation("Bakery"))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "dotfiles/shop.json")
            #expect(try DataFileStore(path: target).load().locations.count == 3)
            #expect(store.lockPath == target + ".lock")
        }
    }

    @Test func directoryAsDataFileIsAnIOError() throws {
        try withTemporaryDirectory { folder in
            let store = DataFileStore(path: folder)
            #expect(throws: ShopError.cannotRead(path: folder, reason: String(cString: strerror(EISDIR)))) {
                try store.load()
            }
        }
    }

    @Test(
        .enabled(
            if: getuid() != 0,
            "root reads every file whatever its mode; ProcessSafetyTests.unreadableDataFileExits74 covers it as root"))
    func unreadableFileIsAnIOError() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            try writeBytes(Array(#"{"version":1}"#.utf8), path)
            chmod(path, 0o000)
            #expect(throws: ShopError.cannotRead(path: path, reason: String(cString: strerror(EACCES)))) {
                try DataFileStore(path: path).load()
            }
        }
    }

    @Test func concurrentUpdatesLoseNothing() async throws {
        try await withTemporaryDirectoryAsync { (folder: String) async throws in
            let store = DataFileStore(path: folder + "/shop.json")
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask { try? store.update(addLocation("L\(index)")) }
                }
            }
            #expect(try store.load().locations.count == 9)
        }
    }
}

func withTemporaryDirectoryAsync(_ body: (String) async throws -> Void) async throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("shop-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    try await body(base.path)
}
