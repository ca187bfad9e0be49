import ShopKit
import ShopTools

#if canImport(Glibc)
    import Glibc
#endif

/// `shop serve [--port N] [--lan] [--new-token]`: the list as a page for a phone (SPEC section 13).
enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "Serve the list as a page for a phone, which keeps working offline.",
        discussion: """
            Listens on 127.0.0.1 (every interface with --lan) and prints the link, with a token, and on a \
            terminal the same link as a QR code. The page shows the list in the walking order of the store \
            picked on the phone (with several lists, the list picked there: this device's current list until \
            another is picked; its adds go to that list): tap an item into the cart (a purchase, timed at the tap), tap it again to \
            take it out, long-press to mark it unavailable, add items. With no signal the page keeps a \
            queue of changes and sends it when the phone is back online. Each batch of changes is one \
            undoable step. The token is kept beside the data file (never synced); --new-token replaces it, \
            which signs every phone out. --sync MINUTES runs 'shop sync' every MINUTES and after each change from a \
            phone, in this process; a failed sync is printed and shown on the page, and the server carries on. SIGTERM or Ctrl-C stops the server once the request in flight is \
            answered.
            """,
        options: [port.spec, lan.spec, newToken.spec, sync.spec],
        data: .wholeFile,
        run: run
    )

    static let defaultPort = 8425

    /// `--port <port>`: 0-65535; anything else is a usage error (exit 64).
    static let port = OptionKey<Int>(
        spec: OptionSpec(
            long: "port", valueName: "<port>", kind: .integer,
            help: "The port to listen on (default \(defaultPort); 0 picks a free one).")
    ) { word in
        guard word.utf8.count <= 5, word.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(word),
            value <= 65_535
        else { return .malformed(expected: "a port number from 0 to 65535") }
        return .value(value)
    }
    /// `--sync <minutes>`: 1-1440. A word is a usage error (64); a number outside the range a bad value (exit 1).
    static let sync = OptionKey<Int>(
        spec: OptionSpec(
            long: "sync", valueName: "<minutes>", kind: .integer,
            help: "Run 'shop sync' every <minutes> minutes and after each change from a phone.")
    ) { word in
        let expected = "a number of minutes from 1 to 1440"
        switch NumberWord.decodeWholeNumber(word, option: "--sync", help: expected) {
        case .value(let minutes) where (1...1440).contains(minutes): return .value(minutes)
        case .value:
            return .refused(
                OptionRefusal(message: "'--sync' value \(Quoted.value(word)) is out of range", hint: expected))
        case .malformed: return .malformed(expected: expected)
        case .refused(let report): return .refused(report)
        }
    }
    static let lan = OptionKey<Bool>.flag(
        "lan", help: "Listen on every interface, so phones on this network can open it (anyone with the link can).")
    static let newToken = OptionKey<Bool>.flag(
        "new-token", help: "Replace the token: links and phones signed in before stop working.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let options = context.options
        let lan = options[Self.lan]
        let store = try context.wholeDataFile()
        // Read it once now: a data file that cannot be read is reported before anything listens.
        _ = try attempt { try store.load() }
        let files = ServeFiles(store: store)
        let token = try attempt { try files.token(renew: options[Self.newToken]) }
        // Blocked before anything else could start a thread, so every thread leaves them to the loop.
        ServeLoop.blockStopSignals()
        let requested = options[Self.port] ?? defaultPort
        let listener: (descriptor: Int32, port: Int)
        do throws(ServeSocket.Failure) {
            listener = try ServeSocket.listen(port: requested, lan: lan)
        } catch {
            switch error {
            case .portInUse(let port):
                throw .report(
                    ErrorReport(
                        message: "port \(port) is in use",
                        hint: "stop what uses it, or pick another with --port (0 picks a free one)",
                        exitCode: ErrorReport.ExitCode.io))
            case .system(let reason):
                throw .report(
                    ErrorReport(
                        message: "cannot listen on port \(requested): \(reason)", exitCode: ErrorReport.ExitCode.io))
            }
        }
        let lanAddresses = lan ? ServeSocket.lanAddresses() : []
        let router = ServeRouter(
            token: token, hosts: ServeRouter.hosts(port: listener.port, addresses: ["127.0.0.1"] + lanAddresses))
        // A store of its own, not the command's: the server lives on, and reads the device file (the
        // current store another command may change) at every read.
        var serving = DataFileStore(
            path: store.path, lockTimeout: store.lockTimeout, undoDescription: "serve", clock: store.clock)
        // The page's reads and the taps' changes start from the list last decoded while the file is the same.
        serving.memo = DataFileMemo()
        let now = context.now
        let fixedClock = context.environment["SHOP_NOW"] != nil
        let output = ServeOutput(
            describe: { ErrorReport($0).message }, warn: { StandardStreams.write($0, to: STDERR_FILENO) },
            listBody: {
                ServeListJSON.body(
                    $0.list, store: $1, current: $0.currentStore?.id, shown: $2,
                    currentList: $0.device.currentList(in: $0.list).id, etag: $3, stale: $4, sync: $5)
            })
        let handler = ServeHandler(
            router: router, store: serving, files: files, fault: context.environment["SHOP_TEST_SERVE_FAULT"],
            output: output, clock: { fixedClock ? now : Date() })
        announce(port: listener.port, token: token, lanAddresses: lanAddresses, lan: lan, context: context)
        if let minutes = options[Self.sync] {
            let git = try context.gitSync(forServer: true)
            let sync = ServeSync(minutes: minutes, output: output) { (now: Date) throws(ServeSync.Failed) -> String in
                do throws(SyncError) {
                    let report = try git.sync(at: now, naming: false)
                    return report.pushed > 0 ? "sent \(report.pushed)" : "nothing to send"
                } catch {
                    throw ServeSync.Failed(ErrorReport(error).message)
                }
            }
            handler.sync = sync
            sync.start()
        }
        ServeLoop(
            listener: listener.descriptor, contentSecurityPolicy: ServePage.contentSecurityPolicy,
            carriesToken: { router.carriesToken($0) }
        ) {
            handler.respond($0, waited: $1)
        }.run()
        context.say("Stopped serving.")
    }

    /// Prints the link (and its QR code on a terminal) at once: the server runs until stopped.
    private static func announce(port: Int, token: String, lanAddresses: [String], lan: Bool, context: CommandContext) {
        let hosts = lan && !lanAddresses.isEmpty ? lanAddresses : ["127.0.0.1"]
        let links = hosts.map { "http://\($0):\(port)/?t=\(token)" }
        var output = ""
        for link in links { output += "Serving the list at \(link)\n" }
        if context.style.width != nil, let code = QRCode(links[0]) {
            output += QRText.render(code, colour: context.style.usesColor)
        }
        var messages = ""
        if lan {
            messages +=
                "Warning: listening on every interface: anyone on this network who has the link can use the list.\n"
            if lanAddresses.isEmpty { messages += "Warning: no network address found; the link uses 127.0.0.1.\n" }
        }
        if !context.invocation.global.quiet { messages += "Press Ctrl-C to stop.\n" }
        StandardStreams.write(output, to: context.frontend.outputDescriptor ?? STDOUT_FILENO)
        StandardStreams.write(messages, to: STDERR_FILENO)
    }
}
