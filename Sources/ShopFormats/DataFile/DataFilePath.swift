import ShopModel

/// Where the data file lives (SPEC section 5).
public enum DataFilePath {
    /// The file name inside the data folder.
    public static let fileName = "shop.json"

    /// Resolves the data file path: `explicit` (from `--file`), else `SHOP_FILE`, else
    /// `$XDG_DATA_HOME/shop/shop.json` (only when that is an absolute path, as the XDG specification
    /// requires), else `$HOME/.local/share/shop/shop.json`. Empty values count as unset.
    /// - Throws: ``ShopError/cannotRead(path:reason:)`` when nothing is given and `HOME` is unset.
    public static func resolve(explicit: String?, environment: [String: String]) throws(ShopError) -> String {
        func value(_ text: String?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            return text
        }
        if let path = value(explicit) { return path }
        if let path = value(environment["SHOP_FILE"]) { return path }
        if let dataHome = value(environment["XDG_DATA_HOME"]), dataHome.hasPrefix("/") {
            return join(dataHome, "shop/\(fileName)")
        }
        guard let home = value(environment["HOME"]) else {
            throw .cannotRead(
                path: "~/.local/share/shop/\(fileName)",
                reason: "HOME is not set; give the data file with --file or SHOP_FILE")
        }
        return join(home, ".local/share/shop/\(fileName)")
    }

    /// Joins without doubling the slash when `folder` ends with one.
    private static func join(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }
}
