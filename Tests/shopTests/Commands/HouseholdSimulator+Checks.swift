import Foundation

/// The household simulator's reading of the world: devices through `shop export`, the remote through git.
extension HouseholdSimulator {
    /// Every commit on the remote changes something: no commit with its (only, or remote-side) parent's tree.
    func commitsWithoutChange() throws -> [String] {
        let lines = try SyncLab.git(["rev-list", "--parents", "main"], in: lab.remote).split(separator: "\n")
        var problems: [String] = []
        for line in lines {
            let ids = line.split(separator: " ").map(String.init)
            guard ids.count >= 2 else { continue }
            let tree = try SyncLab.git(["rev-parse", "\(ids[0])^{tree}"], in: lab.remote)
            let sides = ids.count == 2 ? [ids[1]] : Array(ids[2...])
            for parent in sides where try SyncLab.git(["rev-parse", "\(parent)^{tree}"], in: lab.remote) == tree {
                let subject = try SyncLab.git(["log", "-1", "--format=%s", ids[0]], in: lab.remote)
                problems.append("commit \(ids[0].prefix(8)) (\(subject)) changes nothing against \(parent.prefix(8))")
            }
        }
        return problems
    }

    func remoteHead() throws -> String {
        try SyncLab.git(["rev-parse", "-q", "--verify", "main"], in: lab.remote, expectSuccess: false)
    }

    func localHead(_ device: ShopProcess) throws -> String {
        try SyncLab.git(["rev-parse", "-q", "--verify", "HEAD"], in: device.dataFolder, expectSuccess: false)
    }

    func remoteLog() throws -> RemoteLog {
        RemoteLog(text: try SyncLab.git(["show", "main:shop.json.purchases"], in: lab.remote, expectSuccess: false))
    }

    /// The device's items and live purchases, from `shop export`.
    func snapshot(_ device: ShopProcess) throws -> HouseholdModel.Snapshot {
        var snapshot = HouseholdModel.Snapshot()
        guard let object = try export(device) else { return snapshot }
        for item in object["items"] as? [[String: Any]] ?? [] {
            let name = (item["name"] as? String ?? "").lowercased()
            let onList = item["onList"] as? Bool ?? false
            snapshot.onList[name] = (snapshot.onList[name] ?? false) || onList
            let fields = ["id", "name", "onList", "quantity", "note"].map { "\(item[$0] ?? "-")" }
            snapshot.items.append(fields.joined(separator: "|"))
        }
        snapshot.items.sort()
        for purchase in object["purchases"] as? [[String: Any]] ?? [] {
            guard let id = purchase["id"] as? String else { continue }
            snapshot.purchases[id.lowercased()] = purchase["name"] as? String ?? "?"
        }
        return snapshot
    }

    /// What `shop export` shows of the device, or `nil` when it shows nothing readable.
    func export(_ device: ShopProcess) throws -> [String: Any]? {
        let outcome = try device.run(["export"], environment: ["SHOP_NOW": now])
        return try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
    }
}
