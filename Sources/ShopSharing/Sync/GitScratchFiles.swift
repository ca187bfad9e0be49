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

    /// The scratch files' names in `folder`.
    static func names(in folder: String) -> Set<String> {
        Set((directoryNames(in: folder) ?? []).filter { $0.hasPrefix(".merge_file_") })
    }
}

/// The names of the entries in `folder` (`.` and `..` among them); `nil` when it cannot be opened.
func directoryNames(in folder: String) -> [String]? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        names.append(
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            })
    }
    return names
}
