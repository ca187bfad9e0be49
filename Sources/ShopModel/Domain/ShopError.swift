/// The core's failures (names, values, records, the data file), with the offending values so the caller can name them;
/// the layers above add their own (`HistoryError`, `RecipeError`, `SyncError`), each wrapping these as `.core`.
/// ShopKit never prints or exits: the executable words every failure and picks its exit code.
public enum ShopError: Error, Hashable, Sendable {
    /// Why a name was refused.
    public enum NameProblem: Hashable, Sendable {
        /// Empty once surrounding white space is trimmed.
        case empty
        /// More than ``Validation/maximumNameLength`` characters.
        case tooLong(length: Int)
        /// Holds a control character (U+0000-U+001F, U+007F-U+009F).
        case controlCharacter
        /// Holds a zero-width or text-direction control (``Validation/isInvisibleFormat(_:)``).
        case invisibleCharacter
    }

    /// Why a unit was refused (rule 1, as for names, and the data file's `+` between parts).
    public enum UnitProblem: Hashable, Sendable {
        /// More than ``MeasureUnit/maximumLength`` characters.
        case tooLong(length: Int)
        /// Holds a control character (U+0000-U+001F, U+007F-U+009F).
        case controlCharacter
        /// Holds a `+`, which joins the parts of an amount.
        case plusSign
    }

    /// What kind of thing a name referred to.
    public enum Kind: String, Hashable, Sendable {
        case item
        case location
        case store
        case list
        case recipe
        /// This device, as `shop device name` names it (SPEC 12).
        case device
    }

    // MARK: - Requests that break a rule (exit 1)

    /// An item or location name that breaks rule 1.
    case invalidName(String, kind: Kind, problem: NameProblem)
    /// A name already used by another item or location (case-insensitively); carries the existing name.
    case duplicateName(String, kind: Kind, existing: String)
    /// A quantity outside 1...``Amount/limit``.
    case invalidQuantity(Int)
    /// An amount (`-q`, a recipe quantity) that is not a number with an optional unit, is zero, has more
    /// than three fraction digits, or is past the limits (``Amount/limit`` kg, l, or of a count or word unit).
    case invalidAmount(String, problem: Amount.Problem)
    /// A unit (`-q`, a recipe, a plan) that breaks rule 1 or holds a `+`.
    case invalidUnit(String, problem: UnitProblem)
    /// A change whose data file `shop` would refuse to read (SPEC section 14): nothing is written.
    case unreadableChange(detail: String)
    /// A visitation order outside 1...100.
    case invalidVisitationOrder(Int)
    /// A price that is negative, has more than two decimals, or is not a number.
    case invalidPrice(String)
    /// A price with three or four decimals where an item's own price is set (`add`/`edit --price`): only
    /// a purchase's unit price (`buy --price`) has four (SPEC 1, 12).
    case priceTooPrecise(String)
    /// A colour that is not `#rrggbb`, `#rrggbbaa` or a basic colour name.
    case invalidColor(String)
    /// A restock interval outside 1...3650 days.
    case invalidEvery(Int)
    /// `--keeps` or `--keeps-open` outside 1...3650 days (`option`: its flag): an item's stock fields (SPEC 18).
    case invalidDays(option: String, days: Int)
    /// An amount in more than one part (`1 kg + 2 cups`) where one part is kept: an item's `--min-stock`, `use -q`.
    case minimumInOneUnit(String)
    /// A note holding a control character other than tab or newline, or longer than 10,000 characters.
    case invalidNote(String)
    /// No item or location answers to the name; `candidates` are the nearest names, best first.
    case notFound(String, kind: Kind, candidates: [String])
    /// A prefix or id prefix that matches several; carries their names.
    case ambiguous(String, kind: Kind, candidates: [String])
    /// An `id:` reference with fewer than 4 or non-hex digits.
    case invalidIDPrefix(String)
    /// The Unknown Location cannot be removed.
    case cannotRemoveUnknownLocation(String)
    /// `lists remove` of a list with items on it, without `--move-to` (SPEC section 22).
    case listNotEmpty(String, count: Int)
    /// `lists remove` of the only list: every item needs a list to come back to.
    case cannotRemoveLastList(String)
    /// `lists remove NAME --move-to NAME`: the items cannot move to the list being removed.
    case listMovedToItself(String)
    /// The Unknown Location cannot be given a visitation order.
    case cannotReorderUnknownLocation(String)
    /// A store's walking order names the same location twice (carries the location and store names).
    case locationRepeatedInStore(location: String, store: String)
    /// A store's walking order names the Unknown Location, which every store has implicitly, last.
    case unknownLocationInStore(location: String, store: String)
    /// `sample` without `--force` on a data file that holds data.
    case dataFileNotEmpty(path: String, itemCount: Int)
    /// `undo` or `redo` with nothing to do.
    case nothingTo(UndoDirection)
    /// The undo history cannot be read; the next change starts a new one.
    case undoHistoryDamaged(path: String, detail: String)
    /// The data file changed outside shop since the step was recorded; applying it would lose that change.
    case undoOutOfStep(UndoDirection, description: String)
    /// `undo` of a step whose purchase or `unbuy` a sync has sent (SPEC 16): it belongs to the household.
    case undoTravelled(description: String)

    // MARK: - Data that is not valid shop data (exit 65)

    /// A data or import file that cannot be parsed or breaks a rule; `detail` says where and why.
    case corruptFile(path: String, detail: String)
    /// An input file (an import, standard input) over the size shop reads; `limit` in bytes (exit 65).
    case inputTooLarge(path: String, limit: Int)
    /// A data file written by a newer `shop`.
    case newerVersion(path: String, found: Int, supported: Int)

    // MARK: - Files (exit 74, 75)

    /// A file or folder that cannot be read; `reason` is the system's word for it.
    case cannotRead(path: String, reason: String)
    /// A file or folder that cannot be created or written.
    case cannotWrite(path: String, reason: String)
    /// The lock stayed held by another process for `waitedSeconds`.
    case busy(lockPath: String, waitedSeconds: Double)

    /// Which way `undo`/`redo` goes.
    public enum UndoDirection: String, Hashable, Sendable {
        case undo
        case redo
    }
}
