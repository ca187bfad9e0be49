import Foundation

/// The household simulator's model (SPEC 16): what the devices acknowledged, kept apart from every line of
/// shop's own code, so that its verdicts do not inherit shop's mistakes.
///
/// The model knows a device only through what `shop export` shows (items by name with `onList`, and the
/// live purchase ids). It learns purchases and deletions by comparing a device's export before and after
/// one of its own commands, on one clock that only moves forward, so "later" means later.
///
/// Its rules, each a sentence of SPEC 16:
/// - a purchase a command added is acknowledged; one a command took away (`unbuy`, `undo`) is deleted;
///   a `sync` may bring in acknowledged purchases and take away deleted ones, nothing else;
/// - after a final round of syncs every device shows the same items and the same live purchases, and
///   those purchases are exactly the acknowledged ones not deleted;
/// - an item's place on the list is that of the last command that moved it (last writer wins, by the
///   one clock), for items no `remove` or `undo` ever touched (those follow other rules of 8.2);
/// - `undo` never takes back a purchase or an `unbuy` the remote already holds.
struct HouseholdModel {
    /// Purchase id to the name of the item it bought, for every purchase any command added.
    private(set) var acknowledged: [String: String] = [:]
    /// Per purchase id, the devices whose own command (`unbuy`, or `undo` of a `buy`) took it away, and
    /// have not brought it back by `undo` since. Per device, not one set of ids: when two devices unbuy
    /// one purchase and one of them undoes its `unbuy`, the other's deletion still stands and travels.
    private(set) var deletedBy: [String: Set<String>] = [:]
    /// Purchase ids some device's command took away (and that device has not undone it).
    var deleted: Set<String> { Set(deletedBy.keys) }
    /// Per device, the purchase ids that left its log: a sync must never bring one back (one another
    /// device has not heard was deleted may still arrive on a device that never saw it go).
    private(set) var goneFrom: [String: Set<String>] = [:]
    /// Per item name (lowercased): the time and direction (`true`: onto the list) of the last move.
    private(set) var lastMove: [String: (time: Int, onList: Bool)] = [:]
    /// Item names whose place no longer follows last-writer-wins (removed, or touched by an undo).
    private(set) var unordered = Set<String>()

    /// A device's state as `shop export` shows it.
    struct Snapshot: Equatable {
        /// Lowercased item name to whether it is on the list (several records of one name: on if any is).
        var onList: [String: Bool] = [:]
        /// Every item as one comparable line (id, name, onList, quantity, note, list id), sorted.
        var items: [String] = []
        /// Live purchase id to item name.
        var purchases: [String: String] = [:]
    }

    /// Records what a device's own command (never a `sync`) did, at `time`.
    /// - Returns: the violations it shows (an empty array when there are none).
    /// - Parameters:
    ///   - words: the transcript's line for the step, as the problems name it.
    ///   - isUndo: whether the command was `undo`.
    mutating func command(
        _ words: String, on device: String, isUndo: Bool, before: Snapshot, after: Snapshot, time: Int,
        remoteLog: RemoteLog?, needed: Set<String> = []
    ) -> [String] {
        var problems: [String] = []
        for (id, name) in after.purchases where before.purchases[id] == nil {
            if deletedBy[id] != nil, !isUndo {
                problems.append("\(words): purchase \(id) of \(name) came back")
            }
            acknowledged[id] = name
            goneFrom[device]?.remove(id)
            if isUndo {
                deletedBy[id]?.remove(device)
                if deletedBy[id]?.isEmpty == true { deletedBy[id] = nil }
            }
            // A deletion line names only its purchase: when another device's deletion of it stands, the
            // remote's line may be that one, and this device's own unbuy, unsent, is still its to undo.
            if isUndo, let remoteLog, remoteLog.deletions.contains(id), deletedBy[id] == nil {
                problems.append("\(words) took back the unbuy of \(name) (\(id)) after a sync had sent it")
            }
        }
        for (id, name) in before.purchases where after.purchases[id] == nil {
            deletedBy[id, default: []].insert(device)
            goneFrom[device, default: []].insert(id)
            if isUndo, let remoteLog, remoteLog.purchases.contains(id) {
                problems.append("\(words) took back the purchase of \(name) (\(id)) after a sync had sent it")
            }
        }
        let names = Set(before.onList.keys).union(after.onList.keys)
        for name in names {
            let old = before.onList[name] ?? false
            let new = after.onList[name] ?? false
            if isUndo { unordered.insert(name) }
            if before.onList[name] != nil, after.onList[name] == nil { unordered.insert(name) }
            if old != new { lastMove[name] = (time, new) }
            // A new recipe need is a move onto the list too, where it stays on the list (SPEC 16, 23).
            if old == new, new, needed.contains(name) { lastMove[name] = (time, true) }
        }
        return problems
    }

    /// Checks what one `sync` changed on a device: it may bring in acknowledged purchases and take away
    /// deleted ones, nothing else.
    mutating func sync(_ device: String, before: Snapshot, after: Snapshot) -> [String] {
        var problems: [String] = []
        for (id, name) in after.purchases where before.purchases[id] == nil {
            if acknowledged[id] == nil { problems.append("sync on \(device) made up purchase \(id) of \(name)") }
            if goneFrom[device]?.contains(id) == true {
                problems.append("sync on \(device) brought back unbought \(name) (\(id))")
            }
        }
        for (id, name) in before.purchases where after.purchases[id] == nil {
            if deletedBy[id] == nil {
                problems.append("sync on \(device) lost acknowledged purchase \(id) of \(name)")
            }
            goneFrom[device, default: []].insert(id)
        }
        return problems
    }

    /// The checks once every device has synced after the last change: one list and one log everywhere,
    /// the log exactly the acknowledged purchases not deleted, every item where its last move put it.
    func converged(_ devices: [(name: String, snapshot: Snapshot)]) -> [String] {
        guard let first = devices.first else { return [] }
        var problems: [String] = []
        for device in devices.dropFirst() {
            if device.snapshot.items != first.snapshot.items {
                let only = Set(device.snapshot.items).symmetricDifference(first.snapshot.items).sorted()
                problems.append("\(device.name) and \(first.name) hold different lists: \(only)")
            }
            if Set(device.snapshot.purchases.keys) != Set(first.snapshot.purchases.keys) {
                problems.append("\(device.name) and \(first.name) hold different purchase logs")
            }
        }
        let expected = Set(acknowledged.keys).subtracting(deleted)
        let held = Set(first.snapshot.purchases.keys)
        for id in expected.subtracting(held).sorted() {
            problems.append("acknowledged purchase \(id) of \(acknowledged[id]!) missing after convergence")
        }
        for id in held.subtracting(expected).sorted() {
            problems.append("purchase \(id) of \(first.snapshot.purchases[id]!) held though unbought")
        }
        for (name, move) in lastMove.sorted(by: { $0.key < $1.key }) where !unordered.contains(name) {
            let now = first.snapshot.onList[name] ?? false
            if now != move.onList {
                problems.append(
                    "\(name) is \(now ? "on" : "off") the list; its last move (t=\(move.time)) put it "
                        + (move.onList ? "on" : "off"))
            }
        }
        return problems
    }
}

/// The purchase ids and deletion ids of the remote's log (what has travelled).
struct RemoteLog {
    var purchases = Set<String>()
    var deletions = Set<String>()

    /// Reads the log lines of `text`: `{"deleted":"ID"}` lines and purchase lines with `"id":"ID"`.
    init(text: String) {
        for line in text.split(separator: "\n") {
            guard let data = line.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            if let id = object["deleted"] as? String {
                deletions.insert(id.lowercased())
            } else if let id = object["id"] as? String {
                purchases.insert(id.lowercased())
            }
        }
    }
}

/// A small seeded generator (SplitMix64): the same seed replays the same household.
struct HouseholdRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A whole number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// `true` with probability `percent` in 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }
}
