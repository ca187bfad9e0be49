/// What the hidden `shop __complete <kind> [<prefix>]` lists, live from the data file: the completion scripts name a
/// kind (``CompletionScripts/Candidates/names(_:)``) and ``CompleteCommand`` answers it; the raw value is the word.
enum CompletionKind: String, CaseIterable, Sendable {
    /// Every item's name.
    case items
    /// The names of the items on the list (`buy`, `drop`).
    case onlist
    /// The names of the items off the list (`unbuy`, `purchased`).
    case purchased
    case locations
    case stores
    /// List names (SPEC 22: `lists use`, `--list`, `mv`'s last word).
    case lists
    /// Recipe names (`recipe remove`).
    case recipes
}
