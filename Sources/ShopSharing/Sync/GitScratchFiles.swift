#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files git leaves in a working tree when a step it runs for `sync` fails half-way: a merge driver's
/// `.merge_file_XXXXXX` copies (a full disk can stop git before it removes them, SPEC 14). Only files that appeared
/// while `sync` ran git are removed: one that was there before is not ours to remove.
struct GitScratchFiles {
    /// The folder git runs in (the repository's top folder).
    let folder: String
    private let before: Set<String>

    /// Notes the scratch files already in `folder`.
    init(in folder: String) {
        self.folder = folder
        before = Self.names(in: folder)
    }

    /// Removes the scratch files that appeared since ``init(in:)``.
    func removeNew() {
        for name in Self.names(in: folder) where !before.contains(name) { unlink(folder + "/" + name) }
    }

    private static func names(in folder: String) -> Set<String> {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: Set<String> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".merge_file_") { names.insert(name) }
        }
        return names
    }
}
