/// A colour with components each 0...1, stored as bytes so that the `#rrggbbaa` text form round-trips exactly.
public struct RGBA: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// Creates a colour from byte components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a colour from components in 0...1 (values outside are clamped), as ShoppingList14 stores them.
    public init(unitRed: Double, green: Double, blue: Double, alpha: Double) {
        func byte(_ value: Double) -> UInt8 {
            guard value.isFinite else { return 0 }
            return UInt8((min(max(value, 0), 1) * 255).rounded())
        }
        self.init(red: byte(unitRed), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }

    /// The components as 0...1 values, in red, green, blue, alpha order.
    public var unitComponents: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    /// The colour of the Unknown Location and of locations created without `--color`.
    public static let neutral = RGBA(red: 0x9e, green: 0x9e, blue: 0x9e)

    /// The basic colour names `--color` accepts, with their values.
    public static let named: [(name: String, color: RGBA)] = [
        ("red", RGBA(red: 0xe5, green: 0x39, blue: 0x35)),
        ("orange", RGBA(red: 0xfb, green: 0x8c, blue: 0x00)),
        ("yellow", RGBA(red: 0xfd, green: 0xd8, blue: 0x35)),
        ("green", RGBA(red: 0x43, green: 0xa0, blue: 0x47)),
        ("teal", RGBA(red: 0x00, green: 0x89, blue: 0x7b)),
        ("cyan", RGBA(red: 0x00, green: 0xac, blue: 0xc1)),
        ("blue", RGBA(red: 0x1e, green: 0x88, blue: 0xe5)),
        ("purple", RGBA(red: 0x8e, green: 0x24, blue: 0xaa)),
        ("magenta", RGBA(red: 0xd8, green: 0x1b, blue: 0x60)),
        ("pink", RGBA(red: 0xf4, green: 0x8f, blue: 0xb1)),
        ("brown", RGBA(red: 0x6d, green: 0x4c, blue: 0x41)),
        ("gray", RGBA(red: 0x9e, green: 0x9e, blue: 0x9e)),
        ("grey", RGBA(red: 0x9e, green: 0x9e, blue: 0x9e)),
        ("black", RGBA(red: 0x21, green: 0x21, blue: 0x21)),
        ("white", RGBA(red: 0xfa, green: 0xfa, blue: 0xfa)),
    ]

    /// Parses `#rrggbb`, `#rrggbbaa` (either case) or a basic colour name; `nil` for anything else.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if let match = RGBA.named.first(where: { $0.name == lowered }) {
            self = match.color
            return
        }
        let bytes = Array(lowered.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var components: [UInt8] = []
        var index = 1
        while index < bytes.count {
            guard let high = RGBA.hexValue(bytes[index]), let low = RGBA.hexValue(bytes[index + 1]) else {
                return nil
            }
            components.append(high << 4 | low)
            index += 2
        }
        self.init(
            red: components[0], green: components[1], blue: components[2],
            alpha: components.count == 4 ? components[3] : 255)
    }

    /// `#rrggbbaa` in lowercase, the form of the data file and of JSON output.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue, alpha] {
            bytes.append(digits[Int(component >> 4)])
            bytes.append(digits[Int(component & 0xf)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
