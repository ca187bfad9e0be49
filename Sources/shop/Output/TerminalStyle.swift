import ShopKit

/// How human output is decorated (no escape sequences at all, 256-colour, or 24-bit colour) and how wide
/// its lines may be.
///
/// Decided once per run from `--color`, whether standard output is a terminal, its size and the environment, then
/// passed to every human renderer, so renderers stay pure and tests can pick any depth and any width.
struct TerminalStyle: Sendable, Hashable {
    /// The colour capability in use.
    enum Depth: Sendable, Hashable {
        /// Plain text: no escape sequences.
        case none
        /// `ESC[38;5;Nm`: the xterm 256-colour palette, which nearly every terminal supports.
        case ansi256
        /// `ESC[38;2;R;G;Bm`: exact colours, for terminals that announce it in `COLORTERM`.
        case truecolor
    }

    let depth: Depth

    /// The terminal's width in cells when standard output is a terminal: no line may be wider (SPEC
    /// section 9). `nil` for pipes and files, whose lines are never cut.
    var width: Int? = nil

    /// Plain output, as for pipes, files and `--color never`.
    static let plain = TerminalStyle(depth: .none)

    /// The same decoration, with lines fitted to `width` cells (`nil`: never cut).
    func fitting(_ width: Int?) -> TerminalStyle {
        var style = self
        style.width = width.map { max(1, $0) }
        return style
    }

    var usesColor: Bool { depth != .none }

    /// Applies SPEC section 3: `always` forces colour, `never` disables it, and `auto` colours only when
    /// standard output is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not `dumb`.
    /// - Parameters:
    ///   - choice: the `--color` value.
    ///   - isTerminal: whether standard output is a terminal (the caller asks `isatty(1)`).
    ///   - environment: the process environment.
    static func detect(choice: ColorChoice, isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        switch choice {
        case .never:
            return .plain
        case .auto:
            // An empty NO_COLOR does not count: https://no-color.org says "present and not an empty string".
            if !isTerminal || !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb" {
                return .plain
            }
        case .always:
            break
        }
        let announced = (environment["COLORTERM"] ?? "").lowercased()
        return TerminalStyle(depth: announced == "truecolor" || announced == "24bit" ? .truecolor : .ansi256)
    }

    // MARK: - Decorations

    /// A location's colour swatch followed by a space, or nothing when colour is off (a grey dot would say nothing).
    func swatch(_ color: RGBA) -> String {
        guard usesColor else { return "" }
        return foreground(color) + "●" + Self.reset + " "
    }

    /// The escape sequence that sets the foreground to `color` at this depth; empty when plain.
    func foreground(_ color: RGBA) -> String {
        switch depth {
        case .none: ""
        case .truecolor: "\u{1b}[38;2;\(color.red);\(color.green);\(color.blue)m"
        case .ansi256: "\u{1b}[38;5;\(Palette256.nearestIndex(red: color.red, green: color.green, blue: color.blue))m"
        }
    }

    /// Faint text, for secondary information such as the location column.
    func dim(_ text: String) -> String { wrap(text, "\u{1b}[2m") }

    /// Bold text, for headers.
    func bold(_ text: String) -> String { wrap(text, "\u{1b}[1m") }

    /// Struck-through text, for unavailable items.
    func strike(_ text: String) -> String { wrap(text, "\u{1b}[9m") }

    /// Resets every attribute.
    static let reset = "\u{1b}[0m"

    private func wrap(_ text: String, _ start: String) -> String {
        guard usesColor, !text.isEmpty else { return text }
        return start + text + Self.reset
    }
}
