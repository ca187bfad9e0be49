/// The `--color` setting: `auto` (the default) colours only on a terminal that wants colour.
///
/// The raw values are the words the command line accepts, so a parser can map its value with
/// `ColorChoice(rawValue:)`.
enum ColorChoice: String, CaseIterable, Sendable {
    case auto
    case always
    case never
}
