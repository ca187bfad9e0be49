import Foundation
import ShopHistory
import ShopJSON
import Synchronization
import Testing

@testable import ShopFormats
@testable import ShopModel

/// What the lock file keeps (the acknowledged and travelled log states) is read and written through the
/// lock's own descriptor while this process holds the lock, and by path otherwise, with the same result.
@Suite struct LockFileRecordTests {
    static func lockPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lockrecord-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("shop.json.lock").path
    }

    @Test func theHeldLocksDescriptorIsKnownOnlyWhileHeld() throws {
        let path = try Self.lockPath()
        #expect(FileLock.heldDescriptor(at: path) == nil)
        let inside = try FileLock.withExclusiveLock(at: path, timeout: 1) { () throws(ShopError) in
            FileLock.heldDescriptor(at: path)
        }
        #expect(inside != nil && inside! >= 0)
        #expect(FileLock.heldDescriptor(at: path) == nil)
    }

    /// Another thread of the process (`shop serve`'s sync thread) never borrows the holder's descriptor:
    /// it opens the file for itself, as a reader without the lock always did.
    @Test func onlyTheHoldingThreadSeesTheDescriptor() throws {
        let path = try Self.lockPath()
        let seenElsewhere = try FileLock.withExclusiveLock(at: path, timeout: 1) { () throws(ShopError) in
            let result = Mutex<Int32??>(nil)
            let thread = Thread { result.withLock { $0 = .some(FileLock.heldDescriptor(at: path)) } }
            thread.start()
            while result.withLock({ $0 }) == nil { usleep(1000) }
            return result.withLock { $0 }
        }
        #expect(seenElsewhere == .some(nil))
    }

    @Test func whatIsWrittenUnderTheLockReadsBackWithAndWithoutIt() throws {
        let path = try Self.lockPath()
        let acknowledged = PurchaseLogMarker(length: 161, digest: 0xABC, check: 42, inode: 7)
        let travelled = PurchaseLogMarker(length: 80, digest: nil, check: 9, inode: 7)
        try FileLock.withExclusiveLock(at: path, timeout: 1) { () throws(ShopError) in
            PurchaseLogAcknowledgement.write(acknowledged, lockPath: path)
            PurchaseLogAcknowledgement.writeTravelled(travelled, lockPath: path)
            #expect(PurchaseLogAcknowledgement.read(lockPath: path) == acknowledged)
        }
        // Outside the lock the file is opened by path: the same two lines.
        #expect(PurchaseLogAcknowledgement.read(lockPath: path) == acknowledged)
        #expect(PurchaseLogAcknowledgement.readTravelled(lockPath: path) == travelled)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "purchases 161 42 7 abc\ntravelled 80 9 7 -\n")
        // A shorter record cuts what is left of the longer one.
        try FileLock.withExclusiveLock(at: path, timeout: 1) { () throws(ShopError) in
            PurchaseLogAcknowledgement.write(nil, lockPath: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "travelled 80 9 7 -\n")
        // A record a shop from before the digest wrote (four fields) is read; a marker known by its digest alone
        // is written with `-` for the parts this device does not know.
        try "purchases 161 42 7\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(
            PurchaseLogAcknowledgement.read(lockPath: path)
                == PurchaseLogMarker(length: 161, digest: nil, check: 42, inode: 7))
        try FileLock.withExclusiveLock(at: path, timeout: 1) { () throws(ShopError) in
            PurchaseLogAcknowledgement.write(PurchaseLogMarker(length: 5, digest: 0xF), lockPath: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "purchases 5 - - f\n")
        #expect(PurchaseLogAcknowledgement.read(lockPath: path) == PurchaseLogMarker(length: 5, digest: 0xF))
    }
}
