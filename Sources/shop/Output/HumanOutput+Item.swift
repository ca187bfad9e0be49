import ShopKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension HumanOutput {
    /// `shop show`: one item in full, a field per line under its swatch and name.
    static func item(_ item: Item, in list: ShoppingList, style: TerminalStyle, zone: DisplayZone) -> String {
        let location = list.location(of: item)
        var price = "none"
        if let unit = item.price {
            price = unit.description
            if item.quantity > 1, let total = item.lineTotal { price += " each, \(total) for \(item.quantity)" }
        }
        let fields: [(String, String)] = [
            ("Quantity", "\(item.quantity)"),
            ("Location", Escape.forTerminal(location.name)),
            ("On list", item.onList ? "yes" : "no"),
            ("Last bought", item.dateLastPurchased.map(zone.day) ?? "never"),
            ("Available", item.isAvailable ? "yes" : "no"),
            ("Starred", item.starred ? "yes" : "no"),
            ("Price", price),
            ("Note", item.note.map(Escape.forTerminal) ?? "none"),
            ("Every", item.every.map { count($0, "day", "days") } ?? "none"),
            ("ID", item.id.description),
        ]
        let header = style.swatch(location.color) + style.bold(Escape.forTerminal(item.name))
        return joined([header] + fieldLines(fields, style: style))
    }

    /// `  Label:  value` lines with the values aligned; labels dimmed.
    static func fieldLines(_ fields: [(String, String)], style: TerminalStyle) -> [String] {
        let width = (fields.map(\.0.count).max() ?? 0) + 1
        return fields.map { label, value in
            "  " + style.dim(label + ":") + String(repeating: " ", count: width - label.count + 1) + value
        }
    }
}
