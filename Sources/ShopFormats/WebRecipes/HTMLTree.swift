/// A page's elements as a tree of flat arrays (no recursion anywhere, so a hostile page nested a million
/// deep costs memory, not the stack): what microdata needs. Nesting past ``maximumDepth`` is flattened.
struct HTMLTree {
    /// One element: its name, attributes, children (element indices) and text runs, in order.
    struct Element {
        var name: String
        var attributes: [String: String]
        var parent: Int?
        /// Children in order: `.element(index)` or `.text(byte range)`.
        var children: [Child] = []
    }

    enum Child {
        case element(Int)
        case text(Range<Int>)
    }

    /// Elements that never hold content.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    /// Elements that set text apart from the next when a browser shows them.
    static let blockElements: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th", "section", "table",
    ]
    static let maximumDepth = 512

    let bytes: [UInt8]
    /// Element 0 is the document.
    private(set) var elements: [Element] = [Element(name: "#document", attributes: [:], parent: nil)]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var scanner = HTMLScanner(bytes)
        var open: [Int] = [0]
        while let piece = scanner.next() {
            switch piece {
            case .start(let name, let attributes, let selfClosing):
                let index = elements.count
                elements.append(Element(name: name, attributes: attributes, parent: open.last!))
                elements[open.last!].children.append(.element(index))
                if !selfClosing, !Self.voidElements.contains(name), open.count < Self.maximumDepth {
                    open.append(index)
                }
            case .end(let name):
                // Close up to the nearest open element of this name; a stray end tag is ignored.
                if let match = open.lastIndex(where: { elements[$0].name == name }), match > 0 {
                    open.removeSubrange(match...)
                }
            case .text(let range):
                elements[open.last!].children.append(.text(range))
            case .script:
                continue
            }
        }
    }

    /// The text of an element and its descendants as raw HTML text, block elements set apart by a line break.
    func rawText(of root: Int) -> String {
        var bytesOut: [UInt8] = []
        var stack: [Child] = [.element(root)]
        while let child = stack.popLast() {
            switch child {
            case .text(let range): bytesOut += bytes[range]
            case .element(let index):
                let element = elements[index]
                if Self.blockElements.contains(element.name) { bytesOut.append(0x0A) }
                stack.append(contentsOf: element.children.reversed())
            }
        }
        return String(decoding: bytesOut, as: UTF8.self)
    }

    /// The elements under `root` (not `root` itself), in document order.
    func descendants(of root: Int, enteringWhere enter: (Int) -> Bool = { _ in true }) -> [Int] {
        var found: [Int] = []
        var stack: [Int] = elements[root].children.reversed().compactMap {
            if case .element(let index) = $0 { index } else { nil }
        }
        while let index = stack.popLast() {
            found.append(index)
            guard enter(index) else { continue }
            for child in elements[index].children.reversed() {
                if case .element(let childIndex) = child { stack.append(childIndex) }
            }
        }
        return found
    }
}
