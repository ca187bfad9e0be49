import ShopKit

/// The options that set an item's fields, shared by `add` and `edit` (declared once here); `edit` also
/// takes the clearing flags, each listed right after the option it undoes. ``ItemChangeOptions`` turns
/// them into ShopKit's ``ItemChanges``.
struct ItemOptions: OptionGroup {
    var quantity: Result<Amount, ShopError>?
    var location: String?
    var price: Result<TypedPrice, ShopError>?
    var noPrice = false
    var star = false
    var unstar = false
    var note: Result<String?, ShopError>?
    var noNote = false
    var every: RestockEvery?
    var noEvery = false
    var pantry = false
    var noPantry = false
    var pack: Result<Amount, ShopError>?
    var noPack = false

    /// `--no-price`: the opposite of `--price`.
    static let noPrice = OptionKey<Bool>.flag("no-price", help: "Remove the price.")
    /// `--unstar`: the opposite of `--star`.
    static let unstar = OptionKey<Bool>.flag("unstar", help: "No longer a favourite.")
    /// `--no-note`: the opposite of `--note`.
    static let noNote = OptionKey<Bool>.flag("no-note", help: "Remove the note.")
    /// `--no-every`: the opposite of `--every`.
    static let noEvery = OptionKey<Bool>.flag("no-every", help: "Stop restocking it automatically.")
    /// `--no-pantry`: the opposite of `--pantry`.
    static let noPantry = OptionKey<Bool>.flag("no-pantry", help: "No longer a pantry staple.")
    /// `--no-pack`: the opposite of `--pack`.
    static let noPack = OptionKey<Bool>.flag("no-pack", help: "No longer bought in packs.")

    /// `edit`'s options: every setting, each followed by the flag that clears it.
    static var bindings: [OptionBinding<ItemOptions>] {
        [
            .init(CommonOptions.quantity, \.quantity), .init(CommonOptions.location, \.location),
            .init(CommonOptions.price, \.price), .init(noPrice, \.noPrice),
            .init(CommonOptions.star, \.star), .init(unstar, \.unstar),
            .init(CommonOptions.note, \.note), .init(noNote, \.noNote),
            .init(CommonOptions.every, \.every), .init(noEvery, \.noEvery),
            .init(CommonOptions.pantry, \.pantry), .init(noPantry, \.noPantry),
            .init(CommonOptions.pack, \.pack), .init(noPack, \.noPack),
        ]
    }

    /// The clearing flags, which `add` does not take (a new item has nothing to clear).
    static let clearingFlags = [noPrice, unstar, noNote, noEvery, noPantry, noPack].map(\.spec.long)

    /// `add`'s options: the settings alone, in `edit`'s order.
    static var settingSpecs: [OptionSpec] { specs.filter { !clearingFlags.contains($0.long) } }

    /// Each setting with the flag that clears it, and whether both were given (`--price 2 --no-price`).
    var conflicts: [(setting: OptionSpec, clearing: OptionSpec, given: Bool)] {
        [
            (CommonOptions.price.spec, Self.noPrice.spec, price != nil && noPrice),
            (CommonOptions.star.spec, Self.unstar.spec, star && unstar),
            (CommonOptions.note.spec, Self.noNote.spec, note != nil && noNote),
            (CommonOptions.every.spec, Self.noEvery.spec, every != nil && noEvery),
            (CommonOptions.pantry.spec, Self.noPantry.spec, pantry && noPantry),
            (CommonOptions.pack.spec, Self.noPack.spec, pack != nil && noPack),
        ]
    }
}
