/// A page of shop's manual by topic (`shop help sharing`, `man shop-sharing`), beside shop(1), which the
/// command table makes. Each page is a file under `Manual/Pages`, compiled into the binary; its first line
/// names it: `# shop-sharing(7): one list for a household, through git`.
struct ManualTopic: Sendable {
    /// The word `shop help` takes: `sharing`.
    let name: String
    /// The manual section: 7 for a topic, 5 for a file format.
    let section: Int
    /// What the page is about, after the name in its title line.
    let summary: String
    /// The page.
    let document: ManualDocument

    /// The page's name as `man` knows it: `shop-sharing`.
    var pageName: String { "shop-" + name }

    /// The page's source file, from the repository's root (for the tests that run its examples).
    var sourcePath: String { "Sources/shop/Manual/Pages/\(pageName).\(section).md" }

    /// Reads a page; `nil` when its title line does not have the form `# shop-NAME(SECTION): summary`.
    init?(source: [UInt8]) {
        let document = ManualDocument(String(decoding: source, as: UTF8.self))
        guard let match = document.title.wholeMatch(of: #/shop-([a-z]+)\(([1-8])\): (.+)/#),
            let section = Int(match.2)
        else { return nil }
        self.name = String(match.1)
        self.section = section
        self.summary = String(match.3)
        self.document = document
    }

    /// The topics' names, in the order of ``all``: what the command line needs of the manual (the parser's topics, a
    /// choice of `man`), known without reading the pages, which every command would otherwise parse at start-up (+132 M
    /// instructions for `add` at 10,000 items). `ManualTopicTests` holds it equal to the pages' own names.
    static let names = ["items", "walking", "meals", "log", "sharing", "phone", "scripting", "file"]

    /// Every topic, in the order `shop help` lists them: the pages read, only by what shows or renders them.
    static let all: [ManualTopic] = [
        PackageResources.shop_items_7_md, PackageResources.shop_walking_7_md, PackageResources.shop_meals_7_md,
        PackageResources.shop_log_7_md,
        PackageResources.shop_sharing_7_md, PackageResources.shop_phone_7_md, PackageResources.shop_scripting_7_md,
        PackageResources.shop_file_5_md,
    ].compactMap(ManualTopic.init(source:))

    /// The topic called `name`, if any.
    static func named(_ name: String) -> ManualTopic? {
        all.first { $0.name == name }
    }
}
