import Foundation
import Testing

/// A bare "remote" repository and device sandboxes around it, for the sync tests: real git, real `shop`
/// processes, temporary folders.
struct SyncLab {
    let root: URL
    var remote: URL { root.appendingPathComponent("remote.git") }

    /// Whether git is installed (CI installs it; a machine without it skips these tests).
    static let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("shop-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Self.git(["init", "-q", "--bare", "-b", "main", remote.path], in: root)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// A device: its own HOME (so no git identity is configured) and data file `<name>/shop.json`.
    func device(_ name: String) throws -> ShopProcess {
        var shop = try ShopProcess()
        shop.environment["SHOP_FILE"] = root.appendingPathComponent("\(name)/shop.json").path
        shop.environment["HOME"] = root.appendingPathComponent("home-\(name)").path
        shop.environment["GIT_CONFIG_NOSYSTEM"] = "1"
        return shop
    }

    /// Sets `devices` up to share the remote, in order: each runs `sync init` and `sync`, so the first one's
    /// list reaches the others.
    func join(_ devices: ShopProcess..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        for device in devices {
            try device.ok(["sync", "init", remote.path], sourceLocation: sourceLocation)
            try device.ok(["sync"], sourceLocation: sourceLocation)
        }
    }

    /// Runs git and returns its standard output, trimmed.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL, expectSuccess: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", folder.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "test"
            environment["GIT_\(role)_EMAIL"] = "test@example.com"
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if expectSuccess { #expect(process.terminationStatus == 0, "git \(arguments) failed") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension ShopProcess {
    /// Runs a command that must succeed.
    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let outcome = try run(arguments)
        #expect(outcome.status == 0, "\(arguments)\n\(outcome)", sourceLocation: sourceLocation)
        return outcome
    }

    /// Every item of the data file by name, as `shop export` writes it.
    func items() throws -> [String: [String: Any]] {
        let outcome = try run(["export"])
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let items = object?["items"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as! String, $0) })
    }

    /// The data file named by `SHOP_FILE`, and its folder.
    var syncedFile: URL { URL(fileURLWithPath: environment["SHOP_FILE"]!) }
    var dataFolder: URL { syncedFile.deletingLastPathComponent() }
}

extension SyncLab {
    /// A plain clone of the remote that plays a hostile (or merely broken) device: whatever it commits and
    /// pushes is what the other devices fetch.
    func attacker() throws -> URL {
        let clone = root.appendingPathComponent("attacker")
        if !FileManager.default.fileExists(atPath: clone.path) {
            try Self.git(["clone", "-q", remote.path, clone.path], in: root)
        } else {
            try Self.git(["fetch", "-q", "origin"], in: clone)
            try Self.git(["reset", "-q", "--hard", "origin/main"], in: clone)
        }
        return clone
    }

    /// Commits everything in `clone` and pushes it (forced, so a case can be taken back).
    func push(_ clone: URL, _ message: String) throws {
        try Self.git(["add", "-A", "-f"], in: clone)
        try Self.git(["commit", "-q", "-m", message], in: clone)
        try Self.git(["push", "-q", "-f", "origin", "HEAD:main"], in: clone)
    }

    /// Every file under `folder` with its contents (links as their targets), to prove nothing outside a
    /// repository was touched.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return result }
        for case let path as String in walker {
            let full = folder.appendingPathComponent(path).path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                result[path] = Data(("link:" + target).utf8)
            } else {
                result[path] = FileManager.default.contents(atPath: full) ?? Data()
            }
        }
        return result
    }
}

/// What a refused sync must leave exactly as it was: the data file's bytes, HEAD, the working tree's
/// status and the files outside the repository.
struct DeviceState: Equatable {
    var data: Data?
    var head: String
    var status: String
    var outside: [String: Data]

    init(_ device: ShopProcess, outside: URL) throws {
        data = FileManager.default.contents(atPath: device.syncedFile.path)
        head = try SyncLab.git(["rev-parse", "HEAD"], in: device.dataFolder)
        status = try SyncLab.git(["status", "--porcelain", "--untracked-files=all"], in: device.dataFolder)
        self.outside = SyncLab.snapshot(outside)
    }
}
