import Foundation

/// Where the README's examples run: what a newcomer has after cloning the repository and loading the
/// sample data, in a scratch folder so that nothing in the repository or the real home is touched.
///
/// - The working folder stands for the repository root: it holds a copy of `SampleData/` (so
///   `SampleData/meals/...` and `SampleData/ShoppingList14/` resolve), and whatever the examples write.
/// - Each device has a home folder of its own, shown as `/home/ana` in the output; its data file is the
///   default one (`~/.local/share/shop/shop.json`); `~/meals` is a copy of `SampleData/meals`.
/// - `$` is one device with the sample data loaded. Of the named devices (`laptop$`), the first one named
///   has the sample data and the others start with none (they join through `shop sync`).
/// - `ssh://server/PATH` is a local bare git repository (git's `url.<base>.insteadOf`, set in each home's
///   `.gitconfig`), created empty before the first example that names it; the output shows the URL.
/// - Every command runs under bash on a 110-column terminal with `NO_COLOR=1`, `TZ=UTC` and the clock set
///   by `SHOP_NOW`: ``now`` for the first command, a minute later for each one after it (so that of two
///   devices' edits, the one shown later is later), with the built `shop` first on `PATH`.
final class ReadmeSandbox {
    /// What "now" is for the first command of a sandbox (`SHOP_NOW`): two days after the sample's last
    /// purchase.
    static let now = Date(timeIntervalSince1970: 1_795_428_000)  // 2026-11-23T10:00:00Z
    /// This sandbox's "now" for its first command: ``now`` unless a test moves it (the README on a clock years ahead).
    let start: Date
    /// The home folder the output shows.
    static let shownHome = "/home/ana"
    /// The terminal's width.
    static let columns = 110

    let root: URL
    /// The stand-in for the repository root, the folder every command runs in.
    let work: URL
    private let repository: URL
    private let bin: URL
    private var homes: [String: URL] = [:]
    private var firstNamedDevice: String?
    /// How many commands have run: each runs a minute after the one before.
    private var commandsRun = 0

    /// A fresh sandbox; `repository` is the real repository root (its `SampleData/` is copied).
    init(repository: URL, now start: Date = ReadmeSandbox.now) throws {
        self.repository = repository
        self.start = start
        root = FileManager.default.temporaryDirectory.appendingPathComponent("shop-readme-\(UUID().uuidString)")
        work = root.appendingPathComponent("repository")
        bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repository.appendingPathComponent("SampleData"), to: work.appendingPathComponent("SampleData"))
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("shop"), withDestinationURL: ShopProcess.executable)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// The local folder that `ssh://server/` stands for.
    private var remotes: URL { root.appendingPathComponent("remotes") }

    /// Creates, empty, every bare repository that `commands` name as `ssh://server/PATH.git` and that does
    /// not exist yet.
    func createRemotes(named commands: [String]) throws {
        for command in commands {
            for match in command.matches(of: #/ssh://server/(?<path>[^\s"']+\.git)/#) {
                let folder = remotes.appendingPathComponent(String(match.path))
                guard !FileManager.default.fileExists(atPath: folder.path) else { continue }
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let git = try TerminalCommand.run(
                    "git -c init.defaultBranch=main init --quiet --bare .", in: folder,
                    environment: environment(home: root), columns: Self.columns)
                guard git.status == 0 else { throw SandboxFailure(message: "git init --bare failed: \(git.text)") }
            }
        }
    }

    /// The home folder of `device` (`nil`: the `$` device), made on first use: with the sample data loaded
    /// for `$` and the first named device, and `~/meals`.
    func home(of device: String?) throws -> URL {
        let key = device ?? "$"
        if let home = homes[key] { return home }
        let home = root.appendingPathComponent("homes/\(device ?? "you")")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: work.appendingPathComponent("SampleData/meals"), to: home.appendingPathComponent("meals"))
        try "[url \"\(remotes.path)/\"]\n\tinsteadOf = ssh://server/\n".write(
            to: home.appendingPathComponent(".gitconfig"), atomically: true, encoding: .utf8)
        homes[key] = home
        if device != nil && firstNamedDevice == nil { firstNamedDevice = device }
        if device == nil || device == firstNamedDevice {
            let sample = try TerminalCommand.run(
                "shop --quiet sample", in: work, environment: environment(home: home), columns: Self.columns)
            guard sample.status == 0 else { throw SandboxFailure(message: "shop sample failed: \(sample.text)") }
        }
        return home
    }

    /// The environment of a command on the device whose home is `home`.
    func environment(home: URL) -> [String: String] {
        let clock = start.addingTimeInterval(Double(commandsRun) * 60)
        return [
            "HOME": home.path,
            "PATH": "\(bin.path):/usr/local/bin:/usr/bin:/bin",
            "NO_COLOR": "1",
            "TZ": "UTC",
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "COLUMNS": String(Self.columns),
            "LINES": "50",
            "SHOP_NOW": clock.formatted(.iso8601),
            "GIT_CONFIG_NOSYSTEM": "1",
        ]
    }

    /// Runs `command` on `device`'s terminal, and returns its exit status and what it printed, with the
    /// sandbox's folders written as the README writes them.
    func run(_ command: String, on device: String?) throws -> TerminalCommand.Outcome {
        let home = try home(of: device)
        commandsRun += 1
        var outcome = try TerminalCommand.run(
            command, in: work, environment: environment(home: home), columns: Self.columns)
        outcome.text = outcome.text.replacingOccurrences(of: remotes.path + "/", with: "ssh://server/")
            .replacingOccurrences(of: home.path, with: Self.shownHome)
        return outcome
    }
}

/// The sandbox could not be set up.
struct SandboxFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
