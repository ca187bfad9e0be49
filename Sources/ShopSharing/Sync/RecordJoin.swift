import ShopJSON
import ShopModel

/// Two records of one name that a merge made one (SPEC 8.2), said as a join (SPEC 14):
/// `joined: Milk + milk (from laptop)`, never as a rename, a conflict, or `+ Milk, − milk`.
public struct RecordJoin: Hashable, Sendable {
    /// The kind of record.
    public var kind: MergeConflict.Kind
    /// This device's record's name (`nil` when neither record was this device's).
    public var ours: String?
    /// The other record's name.
    public var theirs: String
    /// The id kept, and the other.
    public var keptID: String
    public var otherID: String
    /// The device the other record came from.
    public var from: String = ""
    /// This device's record's id, when one of the two was this device's.
    public var oursID: String? = nil

    /// The ids of both records: their adds and removals are the join, not changes of their own.
    public var ids: Set<String> { [keptID, otherID] }

    /// The joins a merge reported, with each side's name (from a table of ids per list, built only for a join).
    static func joins(in conflicts: [MergeConflict], ours: ShoppingList, theirs: ShoppingList) -> [RecordJoin] {
        let reported = conflicts.filter { $0.resolution == .united }
        guard !reported.isEmpty else { return [] }
        let (oursNames, theirsNames) = (names(ours), names(theirs))
        return reported.compactMap { conflict in
            guard let theirsID = conflict.theirs, let kept = conflict.kept else { return nil }
            let oursID = conflict.ours
            let other = oursID == kept ? theirsID : (oursID ?? theirsID)
            return RecordJoin(
                kind: conflict.kind, ours: oursID.flatMap { oursNames[$0] },
                theirs: theirsNames[theirsID] ?? conflict.name, keptID: kept, otherID: other, oursID: oursID)
        }
    }

    /// Every record's name by its id as the data file writes it (ids are unique across kinds).
    static func names(_ list: ShoppingList) -> [String: String] {
        var names: [String: String] = [:]
        for item in list.items { names["\(item.id)"] = item.name }
        for location in list.locations { names["\(location.id)"] = location.name }
        for store in list.stores { names["\(store.id)"] = store.name }
        for recipe in list.recipesByID.values { names["\(recipe.id)"] = recipe.mergeName }
        return names
    }

}

// MARK: - In a merge commit

extension RecordJoin {
    /// The trailer key of merge commits: the devices that did not merge are told of the join too.
    static let trailerKey = "Shop-Joined"

    /// One line of JSON: both records' ids and names, the id kept, and the merging device.
    var trailerValue: String {
        let theirsID = oursID == keptID ? otherID : keptID
        var writer = JSONWriter(pretty: false, escapingInvisibles: false)
        writer.beginObject()
        writer.key("from")
        writer.string(from)
        writer.key("kept")
        writer.string(keptID)
        writer.key("kind")
        writer.string(kind.rawValue)
        writer.key("records")
        writer.beginArray()
        for (id, name) in [(oursID, ours), (theirsID, theirs)] {
            guard let id, let name else { continue }
            writer.beginArray()
            writer.string(id)
            writer.string(name)
            writer.endArray()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// A join told by a merge commit, seen from this device: its own record first, when it has one of them.
    /// - Parameter has: whether this device's list (before the sync) holds a record with that id.
    init?(trailer: String, author: String, has: (String) -> Bool) {
        guard let value = try? JSONValue.parse(Array(trailer.utf8)),
            let kind = value["kind"]?.string.flatMap(MergeConflict.Kind.init(rawValue:)),
            let kept = value["kept"]?.string, let records = value["records"]?.array
        else { return nil }
        let pairs = records.compactMap { pair -> (String, String)? in
            guard let id = pair.array?.first?.string, let name = pair.array?.last?.string else { return nil }
            return (id, name)
        }
        guard pairs.count == 2 else { return nil }
        let mine = pairs.firstIndex { has($0.0) }
        let other = pairs[mine == 1 ? 0 : 1]
        self.init(
            kind: kind, ours: mine.map { pairs[$0].1 }, theirs: other.1, keptID: kept,
            otherID: pairs[0].0 == kept ? pairs[1].0 : pairs[0].0,
            from: value["from"]?.string ?? author)
        if mine == nil { ours = pairs[0].1 }
    }
}
