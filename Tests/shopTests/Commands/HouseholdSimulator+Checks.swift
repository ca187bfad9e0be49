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

    /// SPEC 23, once every device converged: each computes the same stock (the same `stock --json`, at one
    /// clock), and each holds the same data file, byte for byte: nothing of one device is in the shared file (its
    /// log marker is a digest of the log's lines, and every device holds the same lines).
    func sameStockAndSameFile() throws -> [String] {
        var problems: [String] = []
        let stocks = try devices.map { try $0.run(["stock", "--json"], environment: ["SHOP_NOW": now]).stdout }
        for (index, stock) in stocks.enumerated().dropFirst() where stock != stocks[0] {
            problems.append("device\(index) computes another stock than device0:\n\(stock)\nagainst\n\(stocks[0])")
        }
        let files = devices.map { try? Data(contentsOf: $0.syncedFile) }
        for (index, file) in files.enumerated().dropFirst() where file != files[0] {
            let lines = [file, files[0]].map { String(decoding: $0 ?? Data(), as: UTF8.self).split(separator: "\n") }
            let first = zip(lines[0], lines[1]).enumerated().first { $0.element.0 != $0.element.1 }
            let shown = first.map { "line \($0.offset + 1): \($0.element.0) against \($0.element.1)" } ?? "in length"
            problems.append("device\(index)'s data file differs from device0's after convergence, \(shown)")
        }
        let committed = try SyncLab.git(["show", "main:shop.json"], in: lab.remote, expectSuccess: false)
        if committed.contains("\"inode\"") { problems.append("the committed data file names a device's inode") }
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
            // Its list too (SPEC 22): every device must end with each item on the same list.
            let fields = ["id", "name", "onList", "quantity", "note", "listId"].map { "\(item[$0] ?? "-")" }
            snapshot.items.append(fields.joined(separator: "|"))
        }
        snapshot.items.sort()
        // Stock entries are log lines too (in the export's `purchases`, with a `stockEntry` key): kept the same way.
        for purchase in object["purchases"] as? [[String: Any]] ?? [] {
            guard let id = purchase["id"] as? String else { continue }
            let kind = purchase["stockEntry"].map { " (\($0))" } ?? ""
            snapshot.purchases[id.lowercased()] = (purchase["name"] as? String ?? "?") + kind
        }
        return snapshot
    }

    /// What `shop export` shows of the device, or `nil` when it shows nothing readable.
    func export(_ device: ShopProcess) throws -> [String: Any]? {
        let outcome = try device.run(["export"], environment: ["SHOP_NOW": now])
        return try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
    }
}
