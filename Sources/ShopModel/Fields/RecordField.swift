import ShopJSON

/// One field of a record, declared once: its key in the data file, whether it carries a stamp, how it is compared for
/// "changed", whether a record holds a value someone set, how two sides merge it, and the word people know it by. The
/// stamps (``Stamped``), the merge (``MergeableRecord``), the record-by-record difference `sync` reports
/// (``RecordChanges``) and the commit messages all read the record's table (``DeclaredRecord/fields``), so a field
/// cannot be merged without being reported, or stamped without being merged.
///
/// ## Adding a field
/// Each record is declared in one file of this folder: `Item+Fields.swift`, `Location+Fields.swift`,
/// `Store+Fields.swift`, `ListedRecipe+Fields.swift`, `RecipeNeed+Fields.swift`, `Purchase+Fields.swift`.
/// An item's row carries its codec (``FieldMember``): the data file's writer and reader (ShopFormats'
/// `Item+Codec.swift`) and the `--json` object (``JSONWriter/item(_:locationName:atStore:own:paid:extra:)``)
/// are loops over the rows. Adding `brand` to items is four edits:
/// 1. **The model**, `Domain/Models/Item.swift`: the property (`Item.brand`) and its line in `==`.
/// 2. **The declaration**, `Item+Fields.swift`: its case in ``ItemKey`` (in sorted position: the order the data file is
///    written in) and its row in `Item.fields`: key, word, how to read and set it, its spelling (``ValueSpelling``:
///    `.text` for a `String?`), when it is set, how two sides merge it (`shown:` if `--json` shows it otherwise or not
///    at all). A value of a new type needs its spelling in `ValueSpelling.swift`; a key new in a format version also
///    raises `DataFileCodec.supportedVersion` (see "Adding a key or a record" there).
/// 3. **The change**, `Domain/ItemChanges.swift`: what `add` and `edit` may ask (`brand: ClearableChange`)
///    and its line in `apply(to:)`.
/// 4. **The option**, `shop/Commands/ItemOptions.swift`: the property, the option's key (`--brand`), its
///    binding, and its line in `changes(in:)` (a `--no-brand` flag is bound `clearing:` it). Help, the man
///    page and the completions read the binding.
///
/// Locations, stores, recipes and recipe needs are read and written by their rows the same way; the codec of
/// purchases (log lines) is still written by hand in its `+Codec.swift` file: a key there is also its arm in
/// the two exhaustive switches.
///
/// Nothing else names the field: the stamps, the merge, `sync`'s summary and its commit messages read the row. The
/// tests walk every table and fail until the new field has a change of its own in `RecordFieldTableTests.items`
/// (merged, stamped, reported, round-tripped, shown by `--json`) and in `SyncEveryFieldTests.itemCases` (a command that
/// changes it, said by `sync` end to end): a field left out of `==` fails them too. `show`'s human view lists the
/// fields a person reads there (`HumanOutput+Item.swift`): a line there is a choice, not a requirement.
package struct RecordField<Record>: Sendable {
    /// The field's key in the data file (``DataFileKey``): also its name in `modifiedAt` and `sync --json`.
    package let name: String
    /// What people call it, in `sync`'s summary and commit messages: `restock every`, `location`.
    package let word: String
    /// Whether the field carries a `modifiedAt` stamp (SPEC 8.2).
    let isStamped: Bool
    /// Whether two records hold the same value: what "changed" means for the stamps and the summary.
    package let same: @Sendable (Record, Record) -> Bool
    /// Whether a record holds a value someone set (anything but what a new record starts with): a stamp
    /// for a new record, and "set beats default" when two same-named records become one.
    let isSet: @Sendable (Record) -> Bool
    /// The field's member in the record's `--json` object (SPEC section 3), `nil` when the output does not
    /// show it (an item's `recipesOnly`).
    let outputName: String?
    /// Merges the field of two sides into ``FieldMerge/merged``, given its key and the describer for conflict lines.
    let merge: @Sendable (inout FieldMerge<Record>, String, MergeDescriber) -> Void
    /// The field's members in the data file and `--json` (``FieldMember``): one for most fields, two for an
    /// item's price (`price`, `priceUnit`); none for a record whose codec is still written by hand.
    package let members: [FieldMember<Record>]

    /// - Parameters:
    ///   - key: the field's key in the data file's table, where its name is spelt.
    ///   - value: reads the field. A closure, not a key path: a key path into a generic record is applied by a
    ///     generic projection (`swift_getAtKeyPath`) on each call, measurably slower.
    ///   - output: where the `--json` object shows the field: under its own key unless said otherwise.
    ///   - merge: the rule, usually one call of ``FieldMerge/merge(_:_:isDefault:unite:describe:)``.
    init<Key: DataFileKey, Value: Equatable & SendableMetatype>(
        _ key: Key, _ word: String, _ value: @escaping @Sendable (Record) -> Value,
        members: [FieldMember<Record>] = [], isSet: @escaping @Sendable (Value) -> Bool, isStamped: Bool = true,
        output: FieldOutput = .sameKey,
        merge: @escaping @Sendable (inout FieldMerge<Record>, String, MergeDescriber) -> Void
    ) {
        self.members = members
        name = key.rawValue
        self.word = word
        self.isStamped = isStamped
        switch output {
        case .sameKey: outputName = key.rawValue
        case .member(let name): outputName = name
        case .none: outputName = nil
        }
        same = { value($0) == value($1) }
        self.isSet = { isSet(value($0)) }
        self.merge = merge
    }
}

extension RecordField {
    /// A field of one member under its own key (``FieldMember``): `set` writes it into a record being read,
    /// `spelling` says how the value is written, read and shown.
    init<Key: DataFileKey, Spelling: ValueSpelling>(
        _ key: Key, _ word: String, _ value: @escaping @Sendable (Record) -> Spelling.Value,
        set: @escaping @Sendable (inout Record, Spelling.Value) -> Void, _ spelling: Spelling,
        required: Bool = false, shown: MemberOutput<Record> = .spelled,
        isSet: @escaping @Sendable (Spelling.Value) -> Bool,
        merge: @escaping @Sendable (inout FieldMerge<Record>, String, MergeDescriber) -> Void
    ) where Spelling.Value: Equatable & SendableMetatype {
        let member = FieldMember(key, value, set: set, spelling, required: required, shown: shown)
        let output: FieldOutput = if case .hidden = shown { .none } else { .sameKey }
        self.init(key, word, value, members: [member], isSet: isSet, output: output, merge: merge)
    }
}

extension RecordField where Record: Stamped & SendableMetatype {
    /// The row of a record's name (a learned word's `word`): required, always set, merged as text, called by its key.
    /// - Parameter path: the same property for the merge, which settles it through its key path. Made only when a merge
    ///   runs: a key path made with the table would be built at run time by every command that reads the record.
    static func name<Key: DataFileKey>(
        _ key: Key, _ value: @escaping @Sendable (Record) -> String,
        set: @escaping @Sendable (inout Record, String) -> Void,
        merging path: @escaping @autoclosure @Sendable () -> WritableKeyPath<Record, String> & Sendable
    ) -> Self {
        Self(key, key.rawValue, value, set: set, .text, required: true, isSet: { _ in true }) { fields, key, _ in
            fields.merge(path(), key, describe: MergeDescriber.text)
        }
    }
}

/// Where a record's `--json` object shows a field (see ``RecordField/outputName``).
enum FieldOutput {
    /// Under the field's data file key.
    case sameKey
    /// Under another member (a store's walk is `locations`, by name): a key of the record's output enum.
    case member(String)
    /// Not shown.
    case none

    static func `as`(_ key: some DataFileKey) -> FieldOutput { .member(key.rawValue) }
}

/// A record whose fields are declared in one table (see ``RecordField``).
package protocol DeclaredRecord {
    /// Every field but the id and the stamps, in the order the merge settles them.
    static var fields: [RecordField<Self>] { get }
}

extension DeclaredRecord {
    /// The fields whose values differ between `old` and `new`, in table order.
    package static func changedFields(_ old: Self, _ new: Self) -> [RecordField<Self>] {
        fields.filter { !$0.same(old, new) }
    }

    /// The field declared under the data file key `name`.
    package static func field(named name: String) -> RecordField<Self>? {
        fields.first { $0.name == name }
    }
}
