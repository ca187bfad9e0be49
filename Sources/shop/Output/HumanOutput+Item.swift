import ShopKit
import ShopTools

extension HumanOutput {
    /// `shop show`: one item in full, a field per line under its swatch and name.
    /// - Parameter restock: how `restock` decides about the item (its interval, learned or not), if it has one.
    /// - Parameter lastBought: when the item's date is past this clock (a device's clock ahead), the latest purchase
    ///   this clock believes (`.some(nil)`: none), shown with the date ahead beside it.
    static func item(
        _ item: Item, in list: ShoppingList, style: TerminalStyle, zone: DisplayZone, restock: RestockDecision? = nil,
        lastBought: Date?? = nil
    ) -> String {
        let location = list.location(of: item)
        var price = "none"
        if let unit = item.price {
            price = unit.description
            let per = AmountText.pricingUnit(item)
            if !per.isEmpty { price += " per " + per }
            if let total = item.lineTotal {
                if item.amount.wholeCount != 1 {
                    let amount =
                        item.packs == nil ? item.amount.description : String(AmountText.suffix(item).dropFirst())
                    price += (per.isEmpty ? " each" : "") + ", \(total) for \(amount)"
                }
            } else if item.onList {
                price += (per.isEmpty ? " each" : "") + ", no total for \(item.amount.description) (another unit)"
            }
        }
        var fields: [(String, String)] = [
            ("Quantity", item.amount.description),
            // Where the location came from (SPEC 21): a guess and its evidence, or a person's choice. The Unknown
            // Location says nothing more: no guess was made, or a person moved it there, or its location went.
            (
                "Location",
                Escape.forTerminal(location.name)
                    + (item.locationGuess.map { " (\(Escape.forTerminal(LocationGuess.saying($0))))" }
                        ?? (location.isUnknown ? "" : " (you set it)"))
            ),
            ("On list", item.onList ? "yes" : "no"),
            ("Last bought", lastBoughtText(item, believed: lastBought, zone: zone)),
            ("Available", availability(item, in: list)),
            ("Starred", item.starred ? "yes" : "no"),
            ("Price", price),
            ("Note", item.note.map(Escape.forTerminal) ?? "none"),
            (
                "Every",
                restock.map { RestockText.explanation($0, zone: zone) } ?? item.restock?.days.map {
                    count($0, "day", "days")
                }
                    ?? "none"
            ),
            ("ID", item.id.description),
        ]
        // What section 12 added, only where it is set: most items have neither.
        var extra: [(String, String)] = []
        if let pack = item.pack { extra.append(("Pack", Amount(parts: [pack]).description)) }
        if !item.storePrices.isEmpty { extra.append(("At stores", storePrices(item, in: list, zone: zone))) }
        fields.insert(contentsOf: extra, at: 7)
        let header = header(item.name, color: location.color, style: style)
        return joined([header] + fieldLines(fields, style: style), width: style.width)
    }

    /// `yes`, `no` (everywhere), or `not at Costco, Aldi`.
    static func availability(_ item: Item, in list: ShoppingList) -> String {
        guard item.isAvailable else { return "no" }
        let stores = item.unavailableAt.compactMap { list.store($0).map { Escape.forTerminal($0.name) } }
        return stores.isEmpty ? "yes" : "yes, but not at " + stores.joined(separator: ", ")
    }

    /// The last price paid at each store, with its day: `Aldi 11.49/kg (2026-11-20)`; `none`.
    static func storePrices(_ item: Item, in list: ShoppingList, zone: DisplayZone) -> String {
        let known = item.storePrices.compactMap { price -> (String, String)? in
            guard let store = list.store(price.storeID) else { return nil }
            let priced = price.price.description + (price.unit.isCount ? "" : "/" + price.unit.symbol)
            return (store.name, Escape.forTerminal(store.name) + " " + priced + " (" + zone.day(price.date) + ")")
        }
        guard !known.isEmpty else { return "none" }
        return known.sorted { NameOrder.precedes($0.0, $1.0) }.map(\.1).joined(separator: ", ")
    }

    /// The first line of `show` and `location show`: swatch and name in bold, the name cut to fit.
    static func header(_ name: String, color: RGBA, style: TerminalStyle) -> String {
        let name = fittedTail(Escape.forTerminal(name), used: swatchWidth(style), style: style) ?? ""
        return style.swatch(color) + style.bold(name)
    }

    /// `  Label:  value` lines with the values aligned; labels dimmed. On a terminal a value too long for
    /// the line (a location name, a note) is cut with `…`.
    static func fieldLines(_ fields: [(String, String)], style: TerminalStyle) -> [String] {
        let width = (fields.map { cellWidth(of: $0.0) }.max() ?? 0) + 1
        return fields.map { label, value in
            let value = fittedTail(value, used: 2 + width + 1, style: style) ?? ""
            return "  " + style.dim(label + ":") + String(repeating: " ", count: width - cellWidth(of: label) + 1)
                + value
        }
    }

    /// `2026-11-20`, `never`, or, when the item's date is past this clock, the date believed with the one ahead:
    /// `2026-11-20 (a purchase dated 2029-12-06 is ahead of this clock)`.
    fileprivate static func lastBoughtText(_ item: Item, believed: Date??, zone: DisplayZone) -> String {
        guard let believed, let ahead = item.dateLastPurchased else {
            return item.dateLastPurchased.map(zone.day) ?? "never"
        }
        return (believed.map(zone.day) ?? "never") + " (a purchase dated \(zone.day(ahead)) is ahead of this clock)"
    }
}
