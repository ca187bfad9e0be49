import Foundation

/// The household simulator (SPEC 16): several devices, each its own data file and clone of one bare
/// remote, doing random data-changing commands at a clock that moves forward, syncing in random orders at
/// random moments, some syncs and buys killed with SIGKILL, and a phone whose taps reach device0's data file
/// through a real `shop serve` (``HouseholdPhone``). After every step the ``HouseholdModel`` checks
/// what happened; at the end a round of syncs must converge every device and a round more must change
/// nothing. Real `shop` processes, real git.
///
/// SPEC 23 added: stock entries (`use`, `open`, `stock add`) on every device, of a stocked item and of a
/// stocked item bought in packs that a recipe needs in grams; device1's clock two days ahead of the others;
/// and at the end, every device computing the same stock and holding the same data file byte for byte (no
/// device-specific byte in a committed file). Stock entries are log lines the model keeps as it keeps
/// purchases: an acknowledged one never disappears.
struct HouseholdSimulator {
    let seed: UInt64
    let steps: Int
    let deviceCount: Int
    private var random: HouseholdRandom
    private var model = HouseholdModel()
    let lab: SyncLab
    private(set) var devices: [ShopProcess] = []
    private var snapshots: [HouseholdModel.Snapshot] = []
    /// Per device: the remote's commit when its last sync ended, and its snapshot then.
    private var afterSync: [(remote: String, snapshot: HouseholdModel.Snapshot)?] = []
    /// Minutes since the start; every step moves it on.
    private var clock = 0
    /// Each step as a line that says what ran where and when, printed with a failure.
    private(set) var transcript: [String] = []
    private(set) var problems: [String] = []

    static let names = ["Milk", "Eggs", "Bread", "Apples", "Rice"]
    static let stores = ["Aldi", "Market"]
    /// The household's lists (SPEC 22): Groceries, which every file has, and Party, made at set-up.
    static let lists = ["Groceries", "Party"]
    /// The household's locations: new items are placed by the guess (SPEC 21), and moving one out of its guess
    /// teaches a learned word that travels through sync.
    static let locations = ["Dairy", "Bakery", "Produce", "Pasta & Rice"]
    static let start = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23T08:00:00Z, a Monday

    init(seed: UInt64, steps: Int, devices: Int) throws {
        self.seed = seed
        self.steps = steps
        deviceCount = devices
        random = HouseholdRandom(seed: seed)
        lab = try SyncLab()
    }

    /// Runs the household; the problems found (empty: none), each with the seed.
    mutating func run() throws -> [String] {
        defer { lab.remove() }
        try setUp()
        for _ in 0..<steps where problems.isEmpty {
            clock += 1 + random.below(240)
            try step()
        }
        if problems.isEmpty { try converge() }
        return problems
    }

    var now: String {
        ISO8601DateFormatter().string(from: Self.start.addingTimeInterval(Double(clock) * 60))
    }

    /// How far ahead of the household's clock device1's runs (SPEC 23: clocks apart by days).
    static let aheadDays = 2

    /// The clock of device `index`: device1's is ``aheadDays`` ahead.
    func now(_ index: Int) -> String {
        let ahead = index == 1 ? Double(Self.aheadDays * 86_400) : 0
        return ISO8601DateFormatter().string(from: Self.start.addingTimeInterval(Double(clock) * 60 + ahead))
    }

    private mutating func setUp() throws {
        let meals = lab.root.appendingPathComponent("meals")
        try FileManager.default.createDirectory(at: meals, withIntermediateDirectories: true)
        try "Beat @Eggs{2} into @Milk{1} and fry with @Apples{3}, then @Rice{150%g}.\n".write(
            to: meals.appendingPathComponent("pancakes.cook"), atomically: true, encoding: .utf8)
        // The week's plan fills the Party list (SPEC 22): what is off every list goes there, the rest stays put.
        try ">> list: Party\n./pancakes\nBread{1}\n".write(
            to: meals.appendingPathComponent("week.shopping-list"), atomically: true, encoding: .utf8)
        for index in 0..<deviceCount {
            devices.append(try lab.device("device\(index)"))
        }
        let first = devices[0]
        for location in Self.locations { try expectZero(first, ["location", "add", location]) }
        try expectZero(first, ["add"] + Self.names)
        try expectZero(first, ["edit", "Rice", "--every", "2"])
        // Stock at home: Milk by the piece, Apples bought in packs of 500 g (a recipe needs them by count, so
        // their lots are packs measured at home).
        try expectZero(first, ["edit", "Milk", "--stock"])
        try expectZero(first, ["edit", "Rice", "--stock", "--pack", "500g"])
        for store in Self.stores { try expectZero(first, ["store", "add", store]) }
        // Two lists (SPEC 22): Bread starts on Party; steps move items between them and add onto either.
        try expectZero(first, ["lists", "add", "Party"])
        try expectZero(first, ["mv", "Bread", "Party"])
        for (index, device) in devices.enumerated() {
            try expectZero(device, ["device", "name", "device\(index)"])
            try expectZero(device, ["sync", "init", lab.remote.path])
            try expectZero(device, ["sync"])
        }
        for index in devices.indices {
            snapshots.append(try snapshot(devices[index]))
            afterSync.append(nil)
        }
    }

    /// One random step on one random device.
    private mutating func step() throws {
        let index = random.below(devices.count)
        let name = random.pick(Self.names)
        // Rolls 100-107 are the phone's taps, where a server can run (see HouseholdPhone).
        let roll = random.below(HouseholdPhone.available ? 114 : 106)
        switch roll {
        case 0..<30: try sync(index, killed: random.chance(15))
        case 30..<42: try command(index, buyWords(name))
        case 42..<46: try command(index, buyWords(name), killed: true)
        case 46..<54: try command(index, ["unbuy", name])
        case 54..<62:
            try command(
                index,
                ["add", name] + (random.chance(40) ? ["-q", "\(2 + random.below(5))"] : [])
                    + (random.chance(30) ? ["--list", random.pick(Self.lists)] : []))
        case 62..<64: try command(index, ["edit", name, "--note", "note \(random.below(3))"])
        case 64..<66: try command(index, ["edit", name, "--location", random.pick(Self.locations)])
        case 66..<70: try command(index, ["drop", name])
        case 70..<73: try command(index, ["remove", name])
        case 73..<78:
            let path = lab.root.appendingPathComponent("meals/pancakes.cook").path
            try command(
                index,
                ["recipe", "add", path, "--for", "day\(random.below(2))"]
                    + (random.chance(30) ? ["--list", random.pick(Self.lists)] : []))
        case 78..<81: try command(index, ["recipe", "remove", "pancakes", "--for", "day\(random.below(2))"])
        case 81..<85: try command(index, ["plan", lab.root.appendingPathComponent("meals/week.shopping-list").path])
        case 85..<88: try command(index, ["restock"])
        case 88..<90: try command(index, ["store", "use", random.pick(Self.stores)])
        case 90: try command(index, ["mv", name, random.pick(Self.lists)])
        case 91..<100: try command(index, ["undo"])
        case 100..<106: try command(index, stockWords())
        default: try phoneTaps()
        }
    }

    /// One to three taps on the phone, sent as one batch to a `shop serve` on device0's data file (the
    /// desktop that serves the phone); one batch in five meets a server killed right after its write, and
    /// the page sends it again, which must change nothing more: each op is applied once.
    private mutating func phoneTaps() throws {
        let device = devices[0]
        let export = try self.export(device) ?? [:]
        let killed = random.chance(20)
        var taps: [HouseholdPhone.Tap] = []
        for _ in 0...random.below(3) {
            // Any tap may meet a kill, and several on one item: serve applies each op once (SPEC 20), by
            // the purchase or deletion a buy or unbuy logged, by the field stamps an add leaves at its tap
            // time, and answers an op it turned down the same when the batch comes again.
            let name = random.pick(Self.names)
            let kind = random.below(5)
            taps += HouseholdPhone.taps(kind, name: name, export: export, at: now)
        }
        let line =
            "t=\(clock) phone, served by device0: \(taps.map(\.words).joined(separator: ", "))"
            + (killed ? " (serve killed after its write, the batch sent again)" : "")
        guard !taps.isEmpty else { return }
        transcript.append(line)
        afterSync[0] = nil
        let batch = HouseholdPhone.batch(taps)
        var written: HouseholdModel.Snapshot?
        if killed {
            try HouseholdPhone.sendKilled(batch, to: device, now: now)
            written = try snapshot(device)
        }
        problems += try HouseholdPhone.send(batch, to: device, now: now).map { "\(line): \($0)" }
        let after = try snapshot(device)
        if let written, written != after {
            problems.append("\(line): the batch sent again after the kill changed the data file again")
        }
        describe(status: nil, before: snapshots[0], after: after)
        problems += model.command(
            line, on: "device0", isUndo: false, before: snapshots[0], after: after, time: clock, remoteLog: nil)
        snapshots[0] = after
    }

    /// A stock entry on a stocked item: a use (of a piece, of grams of packs, or all), an open, or a stock add.
    private mutating func stockWords() -> [String] {
        let name = random.chance(50) ? "Milk" : "Rice"
        switch random.below(5) {
        case 0: return ["use", name] + (name == "Rice" ? ["-q", "\(1 + random.below(4))00g"] : [])
        case 1: return ["use", name, "--all"]
        case 2: return ["open", name]
        case 3: return ["use", name, "-q", "1"]
        default: return ["stock", "add", name, "-q", name == "Rice" ? "1" : "\(1 + random.below(3))"]
        }
    }

    private mutating func buyWords(_ name: String) -> [String] {
        var words = ["buy", name]
        if random.chance(40) { words += ["-q", "\(1 + random.below(4))"] }
        if random.chance(40) { words += ["--paid", "\(1 + random.below(9)).\(random.below(10))9"] }
        if random.chance(40) { words += ["--store", random.pick(Self.stores)] }
        return words
    }

    /// A data-changing command: exit 0 or 1 (a name it cannot act on) are fine, anything else is not.
    private mutating func command(_ index: Int, _ words: [String], killed: Bool = false) throws {
        let line = "t=\(clock) device\(index): shop \(words.joined(separator: " "))" + (killed ? " (killed)" : "")
        transcript.append(line)
        let device = devices[index]
        let remoteLog = words == ["undo"] ? try self.remoteLog() : nil
        var status: Int32?
        var needed: Set<String> = []
        if killed {
            try runKilled(device, words, now: now(index))
        } else {
            let outcome = try device.run(words, environment: ["SHOP_NOW": now(index)])
            status = outcome.status
            needed = outcome.status == 0 ? Self.needsWritten(words, said: outcome.stderr + outcome.stdout) : []
            if outcome.status != 0 && outcome.status != 1 {
                problems.append("\(line): exit \(outcome.status)\n\(outcome.stderr)")
            }
            // Some changes (a plan's recipes) do not show in the snapshot: any command that did something
            // makes the device's next sync one that may commit.
            if outcome.status == 0 { afterSync[index] = nil }
        }
        if killed { afterSync[index] = nil }
        let after = try snapshot(device)
        describe(status: status, before: snapshots[index], after: after)
        problems += model.command(
            line, on: "device\(index)", isUndo: words == ["undo"], before: snapshots[index], after: after,
            time: clock + aheadMinutes(index), remoteLog: remoteLog, needed: needed)
        snapshots[index] = after
    }

    /// The minutes device `index`'s clock runs ahead: the model orders its moves by the devices' own clocks, as
    /// the merge orders edits by their stamps (SPEC 8.2).
    func aheadMinutes(_ index: Int) -> Int { index == 1 ? Self.aheadDays * 24 * 60 : 0 }

    /// The items a `recipe add` or `plan` wrote new needs for, by what it said: a need newer than a purchase on
    /// another device puts its item back on the list (SPEC 16), a move the device's own list may not show.
    static func needsWritten(_ words: [String], said: String) -> Set<String> {
        if words.starts(with: ["recipe", "add"]), said.contains("Added pancakes") {
            return ["eggs", "milk", "apples", "rice"]
        }
        if words.first == "plan", !said.contains("nothing changed"), !said.contains(": 0 added") {
            return ["eggs", "milk", "apples", "rice", "bread"]
        }
        return []
    }

    /// `shop sync` on one device; checks that it is never refused, that it brings in and takes away only
    /// what the model allows, and that a device with nothing new syncing with a remote that did not move
    /// changes nothing and commits nothing.
    private mutating func sync(_ index: Int, killed: Bool) throws {
        let line = "t=\(clock) device\(index): shop sync" + (killed ? " (killed)" : "")
        transcript.append(line)
        let device = devices[index]
        let remoteBefore = try remoteHead()
        let headBefore = try localHead(device)
        var status: Int32?
        if killed {
            try runKilled(device, ["sync"], now: now(index))
            afterSync[index] = nil
        } else {
            let outcome = try device.run(["sync"], environment: ["SHOP_NOW": now(index)])
            status = outcome.status
            guard outcome.status == 0 else {
                problems.append("\(line): refused, exit \(outcome.status)\n\(outcome.stderr)")
                return
            }
            let after = try snapshot(device)
            if outcome.stderr.contains("nothing came in") || outcome.stdout.contains("nothing came in"),
                after.items != snapshots[index].items || after.purchases != snapshots[index].purchases
            {
                problems.append("\(line): said nothing came in, but the list or log changed\n\(outcome.stderr)")
            }
            if let last = afterSync[index], last.remote == remoteBefore, last.snapshot == snapshots[index] {
                let remoteAfter = try remoteHead()
                let headAfter = try localHead(device)
                if remoteAfter != remoteBefore || headAfter != headBefore {
                    problems.append("\(line): an idle sync made a commit\n\(outcome.stderr)")
                }
            }
            afterSync[index] = (try remoteHead(), after)
        }
        let after = try snapshot(device)
        describe(status: status, before: snapshots[index], after: after)
        problems += model.sync("device\(index)", before: snapshots[index], after: after)
        snapshots[index] = after
        if killed { afterSync[index] = nil } else { afterSync[index]?.snapshot = after }
    }

    /// Ends the step's transcript line with what it did: the exit status (none for a killed process) and
    /// the purchases that came and went, by the first 8 digits of their ids, so that a failing seed's
    /// steps can be followed purchase by purchase.
    private mutating func describe(status: Int32?, before: HouseholdModel.Snapshot, after: HouseholdModel.Snapshot) {
        var parts = status.map { ["exit \($0)"] } ?? []
        let came = after.purchases.filter { before.purchases[$0.key] == nil }
        let went = before.purchases.filter { after.purchases[$0.key] == nil }
        parts += came.sorted { $0.key < $1.key }.map { "+\($0.value) \($0.key.prefix(8))" }
        parts += went.sorted { $0.key < $1.key }.map { "-\($0.value) \($0.key.prefix(8))" }
        guard !parts.isEmpty, let last = transcript.popLast() else { return }
        transcript.append(last + " -> " + parts.joined(separator: ", "))
    }

    /// Two rounds of syncs bring every device level; a third must change nothing anywhere.
    private mutating func converge() throws {
        for round in 0..<3 {
            let remoteBefore = try remoteHead()
            for index in devices.indices {
                let line = "final round \(round + 1), device\(index): shop sync"
                transcript.append(line)
                let outcome = try devices[index].run(["sync"], environment: ["SHOP_NOW": now(index)])
                if outcome.status != 0 { problems.append("\(line): exit \(outcome.status)\n\(outcome.stderr)") }
                let after = try snapshot(devices[index])
                describe(status: outcome.status, before: snapshots[index], after: after)
                problems += model.sync("device\(index)", before: snapshots[index], after: after)
                snapshots[index] = after
            }
            if round == 2, try remoteHead() != remoteBefore {
                problems.append("a round of idle syncs after convergence moved the remote")
            }
        }
        let named = devices.indices.map { (name: "device\($0)", snapshot: snapshots[$0]) }
        problems += model.converged(named)
        problems += try commitsWithoutChange()
        problems += try sameStockAndSameFile()
    }

    /// Starts the command and kills it (SIGKILL) after a random moment, up to about half a second.
    private mutating func runKilled(_ device: ShopProcess, _ words: [String], now: String) throws {
        let process = Process()
        process.executableURL = ShopProcess.executable
        process.arguments = words
        process.environment = device.environment.merging(["SHOP_NOW": now, "SHOP_LOCK_TIMEOUT": "20"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let delay = UInt32(random.below(500_000))
        try process.run()
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private mutating func expectZero(_ device: ShopProcess, _ words: [String]) throws {
        let outcome = try device.run(words, environment: ["SHOP_NOW": now])
        if outcome.status != 0 { problems.append("set-up `shop \(words.joined(separator: " "))`: \(outcome)") }
    }
}
