/// The files shop keeps beside the data file, each named by the data file's name and a suffix declared once
/// here (`shop.json.lock`): the store, the purchase log, the device file, the undo journal, `shop serve` and
/// `sync` (its `.gitignore` lines, its refusal of a remote that puts files there) all name them through it.
public enum SiblingFile: String, CaseIterable, Sendable {
    /// The lock every change holds; it also records the purchase log's acknowledged length.
    case lock = ".lock"
    /// The purchase log (SPEC section 9): shared through git like the data file.
    case purchases = ".purchases"
    /// This device's own state: current store, timer, device name (SPEC section 8.3).
    case device = ".device"
    /// The undo journal, a folder.
    case undo = ".undo"
    /// `shop serve`'s access token.
    case serveToken = ".serve-token"
    /// The ids of the ops `shop serve` applied.
    case serveOps = ".serve-ops"

    /// The sibling of the data file at `dataFile` (a path, or a bare file name).
    public func path(beside dataFile: String) -> String {
        dataFile + rawValue
    }
}
