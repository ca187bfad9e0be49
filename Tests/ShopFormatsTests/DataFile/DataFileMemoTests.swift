import Foundation
import ShopJSON
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

#if canImport(Glibc)
    import Glibc
#endif

/// The memo `shop serve` keeps (``DataFileMemo``): the same bytes are not decoded twice, and any other
/// bytes are, whatever the file's inode and time say.
@Suite struct DataFileMemoTests {
    static func names(_ list: ShoppingList) -> [String] { list.items.map(\.name).sorted() }

    @Test func theSameBytesAreDecodedOnce() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            try DataFileStore(path: path).update { (list: inout ShoppingList) throws(ShopError) in
                _ = try list.add(["milk", "eggs"])
            }
            var store = DataFileStore(path: path)
            let memo = DataFileMemo()
            store.memo = memo
            let first = try store.load()
            let second = try store.load()
            #expect(memo.hits == 1 && first == second && Self.names(second) == ["eggs", "milk"])
        }
    }

    /// Bytes of the same length written in place, with the old modification time put back: the inode,
    /// size and time are those remembered, the list is not.
    @Test func otherBytesOfTheSameSizeAndTimeAreDecodedAgain() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            try DataFileStore(path: path).update { (list: inout ShoppingList) throws(ShopError) in
                _ = try list.add(["milk"])
            }
            var store = DataFileStore(path: path)
            store.memo = DataFileMemo()
            #expect(Self.names(try store.load()) == ["milk"])
            var before = stat()
            #expect(stat(path, &before) == 0)
            let text = String(decoding: try readBytes(path), as: UTF8.self)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: Data(text.replacingOccurrences(of: "\"milk\"", with: "\"silk\"").utf8))
            try handle.close()
            var times = [before.st_atim, before.st_mtim]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
            var after = stat()
            #expect(stat(path, &after) == 0)
            #expect(after.st_ino == before.st_ino && after.st_size == before.st_size)
            #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
            #expect(Self.names(try store.load()) == ["silk"])
            #expect(store.memo?.hits == 0)
        }
    }

    /// A change made through the memo starts from the file as it is now: another process's change in
    /// between is kept, and the change of the memo's own store is on top of it.
    @Test func aChangeStartsFromTheFileAsItIsNow() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            var serving = DataFileStore(path: path)
            let memo = DataFileMemo()
            serving.memo = memo
            try serving.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["milk"]) }
            _ = try serving.load()
            try serving.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["eggs"]) }
            #expect(memo.hits == 1, "the change started from the list the read decoded")
            try DataFileStore(path: path).update { (list: inout ShoppingList) throws(ShopError) in
                _ = try list.add(["bread"])
            }
            try serving.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["tea"]) }
            #expect(Self.names(try DataFileStore(path: path).load()) == ["bread", "eggs", "milk", "tea"])
        }
    }
}
