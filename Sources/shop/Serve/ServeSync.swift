import Dispatch
import ShopKit
import Synchronization

/// `shop serve --sync MINUTES` (SPEC 17): the same sync as `shop sync`, in the server's own process, every MINUTES and
/// soon after each batch of ops that changed something, on a thread of its own so the server keeps answering. It
/// takes the data file's lock only as `sync` does. A refused or failed sync is printed to standard error and shown on
/// the page's status line; it never stops the server.
// Unchecked: GitSync holds only values, and only this class's own thread calls it; the status is behind a Mutex.
final class ServeSync: @unchecked Sendable {
    /// How the last sync went, for the page.
    struct Status: Sendable {
        /// Counts the syncs run: part of the list's ETag, so the page sees a new status.
        var generation = 0
        var succeeded: Bool?
        var message = ""
        var at: Date?
    }

    private let git: GitSync
    private let interval: Int
    private let wake = DispatchSemaphore(value: 0)
    private let state = Mutex(Status())

    init(git: GitSync, minutes: Int) {
        self.git = git
        interval = minutes * 60
    }

    /// How the last sync went.
    var status: Status { state.withLock { $0 } }

    /// Starts the thread: a first sync at once, then every MINUTES or after a batch.
    func start() {
        let thread = DispatchQueue(label: "shop.serve.sync")
        thread.async { self.run() }
    }

    /// Asks for a sync soon when a batch changed something.
    func batchApplied(_ changed: Bool) {
        if changed { wake.signal() }
    }

    private func run() {
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
        do throws(ShopError) {
            let report = try git.sync(at: now, naming: false)
            status.succeeded = true
            status.message = report.pushed > 0 ? "sent \(report.pushed)" : "nothing to send"
        } catch {
            let message = ErrorReport(error).message
            status.succeeded = false
            status.message = message
            StandardStreams.write("shop serve: sync failed: \(message)\n", to: 2)
        }
        status.at = now
        state.withLock { current in
            status.generation = current.generation + 1
            current = status
        }
    }
}
