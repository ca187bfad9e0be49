import ShopKit

extension ErrorReport {
    /// The message and hint for a reference that names nothing (SPEC section 2): each kind of record
    /// says where to look, or offers the near names it was given.
    static func notFound(_ name: String, kind: ShopError.Kind, candidates: [String]) -> (String, String?) {
        switch kind {
        case .item:
            (
                "no item matches \(q(name))",
                candidates.isEmpty
                    ? "see 'shop list' or 'shop purchased'; 'shop add \(shellWord(name))' creates it"
                    : "did you mean \(orList(candidates))?"
            )
        case .location:
            (
                "no location matches \(q(name))",
                candidates.isEmpty
                    ? "see 'shop locations'; 'shop location add \(shellWord(name))' creates it"
                    : "did you mean \(orList(candidates))? 'shop location add \(shellWord(name))' creates a new one"
            )
        case .store:
            (
                "no store matches \(q(name))",
                candidates.isEmpty
                    ? "there are no stores yet; 'shop store add NAME LOCATION...' creates one"
                    : "known stores: \(listed(candidates))"
            )
        case .list:
            ("no list matches \(q(name))", candidates.isEmpty ? nil : "known lists: \(listed(candidates))")
        case .recipe:
            (
                "no recipe on the list matches \(q(name))",
                candidates.isEmpty
                    ? "no recipe is on the list; 'shop recipe add FILE.cook' puts one there"
                    : "on the list: \(listed(candidates))"
            )
        case .device:
            ("no device matches \(q(name))", candidates.isEmpty ? nil : "known devices: \(listed(candidates))")
        }
    }
}
