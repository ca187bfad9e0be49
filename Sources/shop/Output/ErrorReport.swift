import ShopKit

/// The text and exit code for a failure, per SPEC section 4: one `Error:` line naming the bad value, then an optional
/// hint line. Every value it repeats is quoted through ``Quoted``: escaped, and cut to 60 cells (SPEC section 9).
struct ErrorReport: Sendable, Hashable {
    /// The sysexits-style codes of SPEC section 4.
    enum ExitCode {
        static let success: Int32 = 0
        static let refused: Int32 = 1
        static let usage: Int32 = 64
        static let invalidData: Int32 = 65
        static let io: Int32 = 74
        static let busy: Int32 = 75
    }

    /// The message after `Error: `.
    var message: String
    /// A line telling the user what to do instead, if one helps.
    var hint: String?
    var exitCode: Int32
    /// What the failed command still prints on standard output (`sync --json`'s error object); nothing else is kept.
    var standardOutput = ""

    /// The text written to standard error.
    var text: String {
        "Error: \(message)\n" + (hint.map { "Hint: \($0)\n" } ?? "")
    }

    init(message: String, hint: String? = nil, exitCode: Int32 = ExitCode.refused) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
    }

    /// Describes a ShopKit error; names are shown escaped and quoted.
    init(_ error: ShopError) {
        let (message, hint) = Self.describe(error)
        self.init(message: message, hint: hint, exitCode: Self.exitCode(of: error))
    }

    /// The exit code of a ShopKit error (SPEC section 4), decided here alone: the library reports what failed, the
    /// command line says how the process ends.
    static func exitCode(of error: ShopError) -> Int32 {
        switch error {
        case .corruptFile, .newerVersion, .inputTooLarge: ExitCode.invalidData
        case .cannotRead, .cannotWrite: ExitCode.io
        case .busy: ExitCode.busy
        default: ExitCode.refused
        }
    }

    /// The exit code of a failure of the purchase history or stock: each is a refused request, but the core's.
    static func exitCode(of error: HistoryError) -> Int32 {
        switch error {
        case .core(let core): exitCode(of: core)
        case .notStocked, .otherFamily, .nothingToOpen, .invalidBestBefore, .bestBeforeOutOfRange, .reversedDayRange:
            ExitCode.refused
        }
    }

    /// The exit code of a failure of sharing through git (SPEC 8): what a remote sends refused is 65, a remote that
    /// does not answer 74 (the local commit kept), the rest a refused request; the core's as the core's.
    static func exitCode(of error: SyncError) -> Int32 {
        switch error {
        case .core(let core): exitCode(of: core)
        case .remoteRefused: ExitCode.invalidData
        case .remoteUnreachable, .remoteTimedOut: ExitCode.io
        case .gitMissing, .notARepository, .noRemote, .originMismatch, .gitFailed, .syncRefused: ExitCode.refused
        }
    }

    /// Describes a recipe's or plan's error (ShopRecipes), the core's it carries as the core's.
    init(_ error: RecipeError) {
        let (message, hint) = Self.describe(error)
        self.init(message: message, hint: hint, exitCode: Self.exitCode(of: error))
    }

    /// The exit code of a recipe's or plan's error: 65 for a file that is not one shop reads.
    static func exitCode(of error: RecipeError) -> Int32 {
        switch error {
        case .core(let core): exitCode(of: core)
        case .invalidPlan, .refusedRecipeFile: ExitCode.invalidData
        case .invalidIngredientQuantity, .recipeLabelNotFound, .recipeWithoutServings: ExitCode.refused
        }
    }

    private static func describe(_ error: RecipeError) -> (String, String?) {
        switch error {
        case .core(let core): describe(core)
        case .recipeWithoutServings(let file):
            ("\(q(file)) does not say how many servings it makes", "use --scale to scale it instead")
        case .invalidIngredientQuantity(let source, let quantity, let problem):
            (
                "\(Quoted.path(source)): quantity \(q(quantity)) is not a number above 0 within the limits",
                ingredientHint(problem)
            )
        case .refusedRecipeFile(let path, let reason):
            ("\(Quoted.path(path)): \(reason)", "give a Cooklang file of at most 1 MiB")
        case .recipeLabelNotFound(let recipe, let label, let labels):
            (
                "no recipe on the list matches \(q("\(recipe) --for \(label)"))",
                "on the list: \(listed(labels.map { $0.map { "--for " + $0 } ?? "(no label)" }))"
            )
        case .invalidPlan(let path, let line, let detail):
            (
                "\(Quoted.path(path)):\(line): not a meal plan line: \(detail)",
                "a plan holds ./PATH{MULTIPLIER} recipe references and name{quantity%unit} ingredients, one a line"
            )
        }
    }

    private static func amountHint(_ problem: Amount.Problem) -> String {
        switch problem {
        case .notANumber: "an amount is a number with an optional unit, such as 2, 1/2, 500g, \"1.5 kg\" or \"3 cans\""
        case .zero, .negative: "an amount is above zero"
        case .tooManyFractionDigits: "an amount has at most three digits after the decimal point"
        case .tooLarge:
            "an amount is at most \(Amount.limit) kg, \(Amount.limit) l, or \(Amount.limit) of a count or unit"
        }
    }

    /// The hint for a recipe's or plan's quantity: what a quantity may be there.
    private static func ingredientHint(_ problem: Amount.Problem) -> String {
        switch problem {
        case .tooLarge: amountHint(problem)
        default:
            "a number in a quantity is above 0 (2, 1/2, 0.25); write words for no amount, such as {few%sprigs}"
        }
    }

    static func describe(_ error: ShopError) -> (String, String?) {
        switch error {
        case .invalidName(let name, let kind, .empty):
            ("\(kind.rawValue) name \(q(name)) is empty", "give a name with at least one visible character")
        case .invalidName(let name, let kind, .tooLong(let length)):
            ("\(kind.rawValue) name \(q(name)) is \(length) characters long", "names hold at most 200 characters")
        case .invalidName(let name, let kind, .controlCharacter):
            ("\(kind.rawValue) name \(q(name)) contains a control character", nil)
        case .invalidName(let name, let kind, .invisibleCharacter):
            (
                "\(kind.rawValue) name \(q(name)) contains an invisible character",
                "zero-width and text-direction characters make names that look alike; type the name without them"
            )
        case .duplicateName(let name, let kind, let existing):
            (
                "\(article(kind)) \(kind.rawValue) named \(q(existing)) already exists",
                name == existing ? nil : "names are compared without regard to case"
            )
        case .invalidQuantity(let value):
            (
                "quantity \(value) is out of range",
                value < 1
                    ? "an amount above 0, such as 2 or 500g" : "a count is at most \(Amount.limit), such as 2 or 500g"
            )
        case .invalidAmount(let text, let problem):
            ("invalid amount \(q(text))", amountHint(problem))
        case .invalidUnit(let unit, .tooLong(let length)):
            (
                "unit \(q(unit)) is \(length) characters long",
                "a unit holds at most \(MeasureUnit.maximumLength) characters"
            )
        case .invalidUnit(let unit, .controlCharacter):
            ("unit \(q(unit)) contains a control character", nil)
        case .invalidUnit(let unit, .plusSign):
            ("unit \(q(unit)) contains '+'", "'+' joins the parts of an amount; write the unit without it")
        case .unreadableChange(let detail):
            (
                "this change would write a data file shop cannot read back: \(detail)",
                "nothing was written; please report this"
            )
        case .invalidVisitationOrder(let value):
            ("visitation order \(value) is out of range", "a visitation order is a whole number from 1 to 100")
        case .invalidPrice(let text):
            (
                "invalid price \(q(text))",
                "a price is a number >= 0 such as 2.49; a unit price may have four decimals (0.1617)"
            )
        case .priceTooPrecise(let text):
            (
                "price \(text) has more than two decimals: an item's own price is in cents",
                "a store's exact price (0.1617) is given to buy: shop buy NAME --price \(text)"
            )
        case .invalidColor(let text):
            (
                "invalid colour \(q(text))",
                "use #rrggbb, #rrggbbaa or one of: " + RGBA.named.map(\.name).joined(separator: ", ")
            )
        case .invalidDays(let option, let days):
            ("\(option) \(days) is out of range", "\(option) takes a number of days from 1 to 3650")
        case .minimumInOneUnit(let text):
            ("invalid minimum stock \(q(text))", "give one amount in one unit, such as 500g or 6")
        case .invalidEvery(let days):
            ("restock interval \(days) is out of range", "--every takes a number of days from 1 to 3650, or 'auto'")
        case .invalidNote(let text):
            (
                "invalid note \(q(text))",
                "notes hold at most 10000 characters and no control characters but tabs and line breaks"
            )
        case .notFound(let name, let kind, let candidates):
            notFound(name, kind: kind, candidates: candidates)
        case .ambiguous(let name, let kind, let candidates):
            (
                "\(q(name)) matches several \(kind.rawValue)s: \(listed(candidates))",
                "type more of the name, or the whole name"
            )
        case .locationRepeatedInStore(let location, let store):
            (
                "location \(q(location)) is given twice for store \(q(store))",
                "a store walks each location once; list them in walking order"
            )
        case .unknownLocationInStore(let location, let store):
            (
                "\(q(location)) cannot be part of the walking order of store \(q(store))",
                "the Unknown Location is in every store and always walked last; leave it out"
            )
        case .invalidIDPrefix(let reference):
            (
                "invalid id reference \(q(reference))",
                "write id: followed by at least 4 hex digits of the id, as 'shop show NAME' prints it"
            )
        case .cannotRemoveUnknownLocation(let name):
            (
                "the Unknown Location (\(q(name))) cannot be removed",
                "it receives the items of removed locations; you may rename or recolour it"
            )
        case .listNotEmpty(let name, let count):
            (
                "list \(q(name)) has \(count) item\(count == 1 ? "" : "s") on it",
                "'shop lists remove \(shellWord(name)) --move-to LIST' moves them first; 'shop mv' moves some"
            )
        case .cannotRemoveLastList(let name):
            ("list \(q(name)) is the only list", "every item needs a list; 'shop lists rename' renames it")
        case .listMovedToItself(let name):
            ("--move-to names the list being removed (\(q(name)))", "name another list to take its items")
        case .cannotReorderUnknownLocation(let name):
            ("the Unknown Location (\(q(name))) has no visitation order", "it always comes last in the walk")
        case .dataFileNotEmpty(let path, let count):
            (
                "the data file \(Quoted.path(path)) already holds data (\(count) items)",
                "'shop sample --force' replaces it (undo brings it back), or use --file with another path"
            )
        case .nothingTo(let direction):
            (
                "nothing to \(direction.rawValue)",
                direction == .undo
                    ? "the history keeps the last 20 changes"
                    : "redo re-applies what 'shop undo' reverted, until the next change"
            )
        case .undoHistoryDamaged(let path, let detail):
            (
                "the undo history \(Quoted.path(path)) is damaged (\(detail)); undo is off until the next change starts a new history",
                "your data file is not affected"
            )
        case .undoOutOfStep(let direction, let description):
            (
                "the data file was changed outside shop since \(q(description)); \(direction.rawValue) would lose that change",
                "nothing was changed"
            )
        case .undoTravelled(let description):
            (
                "cannot undo \(q(description)): what it logged has been synced and belongs to the household now",
                "'shop unbuy NAME' takes a purchase back, and 'shop buy NAME' logs one again; nothing was changed"
            )
        case .corruptFile(let path, let detail):
            // ShopKit writes the values it names already quoted, escaped and cut (`quoted`); what else the
            // detail holds (a system's words) is escaped here like any text.
            (
                "\(Quoted.path(path)) is not valid shop data: \(Escape.forTerminal(detail))",
                "the file was left untouched; fix it by hand or restore a backup"
            )
        case .newerVersion(let path, let found, let supported):
            (
                "\(Quoted.path(path)) was written by a newer shop (format version \(found); this shop reads up to \(supported))",
                "upgrade shop; the file was left untouched"
            )
        case .inputTooLarge(let path, let limit):
            ("\(Quoted.path(path)) is over the \(limit >> 20) MiB shop reads; nothing was read", nil)
        case .cannotRead(let path, let reason):
            ("cannot read \(Quoted.path(path)): \(reason)", nil)
        case .cannotWrite(let path, let reason):
            ("cannot write \(Quoted.path(path)): \(reason)", nil)
        case .busy(let lockPath, let waited):
            (
                "the data file is locked by another shop process (waited \(Int(waited.rounded())) s for \(Quoted.path(lockPath)))",
                "try again when the other shop command has finished"
            )
        }
    }

    /// The message and hint for a reference that names nothing (SPEC section 2): each kind of record
    /// says where to look, or offers the near names it was given.
    static func notFound(_ name: String, kind: ShopError.Kind, candidates: [String]) -> (String, String?) {
        switch kind {
        case .item:
            (
                "no item matches \(q(name))",
                candidates.isEmpty
                    ? "see 'shop list' or 'shop purchased'; 'shop add \(shellWord(name))' creates it"
                    : "did you mean \(orList(candidates))?"
            )
        case .location:
            (
                "no location matches \(q(name))",
                candidates.isEmpty
                    ? "see 'shop locations'; 'shop location add \(shellWord(name))' creates it"
                    : "did you mean \(orList(candidates))? 'shop location add \(shellWord(name))' creates a new one"
            )
        case .store:
            (
                "no store matches \(q(name))",
                candidates.isEmpty
                    ? "there are no stores yet; 'shop store add NAME LOCATION...' creates one"
                    : "known stores: \(listed(candidates))"
            )
        case .list:
            ("no list matches \(q(name))", candidates.isEmpty ? nil : "known lists: \(listed(candidates))")
        case .recipe:
            (
                "no recipe on the list matches \(q(name))",
                candidates.isEmpty
                    ? "no recipe is on the list; 'shop recipe add FILE.cook' puts one there"
                    : "on the list: \(listed(candidates))"
            )
        case .device:
            ("no device matches \(q(name))", candidates.isEmpty ? nil : "known devices: \(listed(candidates))")
        }
    }

    /// "an item", "a location", "a store": the article for a kind of record.
    static func article(_ kind: ShopError.Kind) -> String {
        switch kind {
        case .item: "an"
        case .location, .store, .list, .recipe, .device: "a"
        }
    }

    static func q(_ text: String) -> String {
        Quoted.value(text)
    }

    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(5).map(q).joined(separator: ", ")
        return names.count > 5 ? shown + " and \(names.count - 5) more" : shown
    }

    static func orList(_ names: [String]) -> String {
        let quoted = names.map(q)
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// The name as the user would type it in a shell: quoted when it holds anything but plain characters. A name too
    /// long for an error to repeat whole becomes `NAME`: a command cut with `…` would be a different command.
    static func shellWord(_ name: String) -> String {
        guard Quoted.shown(name) == Escape.forTerminal(name) else { return "NAME" }
        return ShellWord.quoted(name)
    }
}
