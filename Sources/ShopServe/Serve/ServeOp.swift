import ShopJSON
import ShopModel

/// One intent the phone's page sends (SPEC section 13): what was done, with an id so that sending it twice does it
/// once.
public struct ServeOp: Sendable, Equatable {
    /// What was done.
    public enum Kind: String, Sendable, CaseIterable {
        /// Tapped into the cart: bought at `at`, at `store`. The purchase takes the op's id.
        case buy
        /// Tapped out of the cart: the purchase of the page's `buy` op `purchase` is deleted.
        case unbuy
        /// Typed into the add box.
        case add
        /// Long-pressed: the shop is out of it.
        case unavailable
        /// Long-pressed again.
        case available
        /// Moved to another location from the cart row's form (SPEC 21): `edit --location`, so a guessed location
        /// becomes the person's.
        case move
    }

    /// The op's own id, a UUID (a `buy`'s purchase gets it).
    public var id: Identifier<ServeOp>
    public var kind: Kind
    /// The item, by id (how the page refers to what it shows).
    public var item: Item.ID?
    /// The item by name (`add`, or an item the page only knows by name).
    public var name: String?
    /// When it was done on the phone, to the millisecond.
    public var at: Date?
    /// The store the phone had picked, if any.
    public var store: Store.ID?
    /// `add`: the list it puts the item on, by id or name (SPEC 22); `nil`: this device's current list. The other
    /// ops find their item on whatever list it is.
    public var list: String?
    /// `unbuy`: the id of the `buy` op whose purchase to delete. `buy`: the purchase it corrects and replaces (SPEC
    /// 17).
    public var purchase: Purchase.ID?
    /// `move`: the location it goes to, by id (the page has the ids from `GET /api/list`).
    public var location: Location.ID?
    /// The phone's name (SPEC 17): a purchase's `by`, and the undo step's client.
    public var by: String?
    /// What was really bought, from the cart row's form: `buy -q`, `--price`, `--paid` (SPEC 12, 17).
    public var receipt = Receipt()
    /// The line total the page showed: what a purchase of an item removed elsewhere is logged at without a price.
    public var shownTotal: Price?

    /// The cart row's form: the amount bought, the unit price or the total paid.
    public struct Receipt: Sendable, Equatable {
        public var quantity: Amount?
        public var price: TypedPrice?
        public var paid: Price?

        public init(quantity: Amount? = nil, price: TypedPrice? = nil, paid: Price? = nil) {
            self.quantity = quantity
            self.price = price
            self.paid = paid
        }

        /// Whether the form gave anything.
        public var isEmpty: Bool { quantity == nil && price == nil && paid == nil }
    }

    public init(
        id: Identifier<ServeOp>, kind: Kind, item: Item.ID? = nil, name: String? = nil, at: Date? = nil,
        store: Store.ID? = nil, purchase: Purchase.ID? = nil, location: Location.ID? = nil
    ) {
        self.id = id
        self.kind = kind
        self.item = item
        self.name = name
        self.at = at
        self.store = store
        self.purchase = purchase
        self.location = location
    }
}

/// The answer for one op.
public enum ServeOpResult: Sendable, Equatable {
    /// Done now; `summary` names it for the undo step (`buy Milk`); `note`, when set, tells the page something more.
    case applied(summary: String, note: String? = nil)
    /// This id was applied before: nothing done again.
    case already
    /// The item it refers to no longer exists.
    case gone
    /// Not done, with the error a command would have given.
    case refused(ShopError)
    /// Not done, for the reason given: the op is malformed, or what it asks is already so (a `buy` of a bought item).
    case declined(String)

    /// The word the API answers with: `applied`, `already`, `gone` or `refused`.
    public var word: String {
        switch self {
        case .applied: "applied"
        case .already: "already"
        case .gone: "gone"
        case .refused, .declined: "refused"
        }
    }
}

/// A batch of ops read from `POST /api/ops`'s body: `{"ops": [...]}`.
public enum ServeBatch {
    /// The most ops one request may carry.
    public static let maximumOps = 500

    /// Why a body is refused as a whole.
    public enum Problem: Error, Equatable {
        /// Not JSON, or not `{"ops": [...]}` (400).
        case malformed(String)
        /// More than ``maximumOps`` (413).
        case tooMany(Int)
    }

    /// The ops of `body`, each parsed or with what is wrong with it (and its id when it had a usable one).
    public static func parse(_ body: [UInt8]) -> Result<[Result<ServeOp, ServeOpProblem>], Problem> {
        guard let value = try? JSONValue.parse(body), let ops = value["ops"]?.array else {
            return .failure(.malformed("the body is not {\"ops\": [...]}"))
        }
        guard ops.count <= maximumOps else { return .failure(.tooMany(ops.count)) }
        return .success(ops.map(parseOp))
    }

    /// One op object.
    static func parseOp(_ value: JSONValue) -> Result<ServeOp, ServeOpProblem> {
        let idText = value["id"]?.string
        guard let idText, let id = Identifier<ServeOp>(string: idText) else {
            return .failure(ServeOpProblem(id: idText, message: "an op needs an \"id\" that is a UUID"))
        }
        func problem(_ message: String) -> Result<ServeOp, ServeOpProblem> {
            .failure(ServeOpProblem(id: idText, message: message))
        }
        guard let kindText = value["op"]?.string, let kind = ServeOp.Kind(rawValue: kindText) else {
            return problem("\"op\" is one of " + ServeOp.Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        var op = ServeOp(id: id, kind: kind)
        /// The text at `key` as `read` takes it: `.some(nil)` when absent or null, `nil` when `read` refuses it.
        func field<Value>(_ key: String, _ read: (String) -> Value?) -> Value?? {
            guard let field = value[key], field != .null else { return .some(nil) }
            return field.string.flatMap(read).map { .some($0) }
        }
        guard let name = field("name", { $0 }) else { return problem("\"name\" is a text") }
        op.name = name
        // Every later message names the item, when the op names it (the server words it).
        func refused(_ message: String, _ error: ShopError? = nil) -> Result<ServeOp, ServeOpProblem> {
            .failure(ServeOpProblem(id: idText, message: message, name: op.name, error: error))
        }
        // An item's id, or the id of an earlier `add` op (an item added offline).
        guard let item = field("item", Item.ID.init(string:)) else {
            return refused("\"item\" is an item's id or an add op's id")
        }
        op.item = item
        guard let by = field("by", { try? Validation.name($0, kind: .device) }) else {
            return refused("\"by\" is the phone's name (at most 200 characters, no control character)")
        }
        op.by = by
        switch readReceipt(value, into: &op) {
        case .success: break
        case .failure(let failure): return refused(failure.message, failure.error)
        }
        guard let at = field("at", parseTime) else { return problem("\"at\" is a time such as 2026-11-22T10:00:00Z") }
        op.at = at
        guard let store = field("store", Store.ID.init(string:)) else {
            return problem("\"store\" is a store's id or null")
        }
        op.store = store
        guard let list = field("list", { $0.isEmpty ? nil : $0 }) else {
            return refused("\"list\" is a list's id or name, or null")
        }
        op.list = list
        guard let purchase = field("purchase", Purchase.ID.init(string:)) else {
            return problem("\"purchase\" is the id of the buy op")
        }
        op.purchase = purchase
        guard let location = field("location", Location.ID.init(string:)) else {
            return refused("\"location\" is a location's id")
        }
        op.location = location
        switch kind {
        case .add where op.name == nil: return problem("add needs a \"name\"")
        case .buy, .unavailable, .available, .unbuy, .move:
            if op.item == nil && op.name == nil { return problem("\(kind.rawValue) needs an \"item\"") }
            if kind == .unbuy && op.purchase == nil { return problem("unbuy needs the \"purchase\" of its buy") }
            if kind == .move && op.location == nil { return refused("move needs the \"location\" it goes to") }
        default: break
        }
        return .success(op)
    }

    /// The cart row's form: `"quantity"` (`650 g`, `3`), `"price"` (`2.49`, `11.99/kg`), `"paid"` (`4.54`),
    /// each as `buy -q`, `--price` and `--paid` read them; and `"shown"`, the line total the page showed.
    static func readReceipt(_ value: JSONValue, into op: inout ServeOp) -> Result<Void, ServeOpProblem> {
        func text(_ key: String) -> String?? {
            guard let field = value[key], field != .null else { return .some(nil) }
            if let string = field.string { return .some(string) }
            if case .number(let raw) = field { return .some(raw) }
            return nil
        }
        func failed(_ message: String) -> Result<Void, ServeOpProblem> {
            .failure(ServeOpProblem(id: nil, message: message))
        }
        guard let quantity = text("quantity"), let price = text("price"), let paid = text("paid"),
            let shown = text("shown")
        else { return failed("\"quantity\", \"price\", \"paid\" and \"shown\" are texts or numbers") }
        do throws(ShopError) {
            if let quantity { op.receipt.quantity = try Validation.amount(quantity) }
            if let price { op.receipt.price = try TypedPrice(parsing: price) }
            if let paid { op.receipt.paid = try Validation.price(paid) }
            if let shown { op.shownTotal = try Validation.price(shown) }
        } catch {
            return .failure(ServeOpProblem(id: nil, message: "", error: error))
        }
        if op.receipt.price != nil && op.receipt.paid != nil {
            return failed("give the unit price or the total paid, not both")
        }
        return .success(())
    }

    /// `2026-11-22T10:00:00Z`, with or without a fraction, kept to the millisecond: an availability or an add is
    /// compared with the field stamps (milliseconds) to be applied once.
    static func parseTime(_ text: String) -> Date? {
        Array(text.utf8).withUnsafeBufferPointer { TimestampText.parseStamp($0) }
    }
}

/// An op that could not be read, with its id when it had one.
public struct ServeOpProblem: Error, Sendable, Equatable {
    public var id: String?
    public var message: String
    /// The item's name as the op gave it, for the message.
    public var name: String?
    /// The error a command would have given for the value (a bad amount or price), worded by the server.
    public var error: ShopError?

    public init(id: String?, message: String, name: String? = nil, error: ShopError? = nil) {
        self.id = id
        self.message = message
        self.name = name
        self.error = error
    }
}
