import Dispatch
import ShopModel
import Synchronization

/// `shop serve --sync MINUTES` (SPEC 17): the same sync as `shop sync`, in the server's own process, every MINUTES and
/// soon after each batch of ops that changed something, on a thread of its own so the server keeps answering. It
/// takes the data file's lock only as `sync` does. A refused or failed sync is printed to standard error and shown on
/// the page's status line; it never stops the server. The sync itself, and its words, are the executable's (`run`).
// Unchecked: `run` is called only by this class's own thread; the status is behind a Mutex.
public final class ServeSync: @unchecked Sendable {
    /// How the last sync went, for the page.
    public struct Status: Sendable {
        /// Counts the syncs run: part of the list's ETag, so the page sees a new status.
        public var generation = 0
        /// `nil` before the first sync.
        public var succeeded: Bool?
        /// What it did (`sent 2`), or why it failed.
        public var message = ""
        /// When it ran.
        public var at: Date?
    }

    /// A sync that failed, in the executable's words (what `shop sync` prints after `Error: `).
    public struct Failed: Error {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// One sync at the time given: what it did, in a few words.
    private let run: (Date) throws(Failed) -> String
    private let output: ServeOutput
    private let interval: Int
    private let wake = DispatchSemaphore(value: 0)
    private let state = Mutex(Status())

    /// Syncs by `run` every `minutes`, a failure written through `output`.
    public init(minutes: Int, output: ServeOutput, run: @escaping (Date) throws(Failed) -> String) {
        self.run = run
        self.output = output
        interval = minutes * 60
    }

    /// How the last sync went.
    public var status: Status { state.withLock { $0 } }

    /// Starts the thread: a first sync at once, then every MINUTES or after a batch.
    public func start() {
        let thread = DispatchQueue(label: "shop.serve.sync")
        thread.async { self.loop() }
    }

    /// Asks for a sync soon when a batch changed something.
    func batchApplied(_ changed: Bool) {
        if changed { wake.signal() }
    }

    private func loop() {
        while true {
            syncOnce()
            _ = wake.wait(timeout: .now() + .seconds(interval))
            // Batches that came while it waited or synced are all sent by the next sync.
            while wake.wait(timeout: .now()) == .success {}
        }
    }

    private func syncOnce() {
        let now = Date()
        var status = Status()
        do throws(Failed) {
            status.message = try run(now)
            status.succeeded = true
        } catch {
            status.succeeded = false
            status.message = error.message
            output.warn("shop serve: sync failed: \(error.message)\n")
        }
        status.at = now
        state.withLock { current in
            status.generation = current.generation + 1
            current = status
        }
    }
}
