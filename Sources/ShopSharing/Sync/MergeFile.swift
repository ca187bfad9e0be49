import ShopFormats
import ShopModel

/// `shop merge-file BASE OURS THEIRS`: git's merge driver (`%O %A %B`), ``ShoppingList/merge(base:ours:theirs:)``.
public enum MergeFile {
    /// Reads the three data files, merges them, and replaces OURS with the result (atomically, in the
    /// canonical format, as the version this shop writes). An empty or missing BASE (a file added on both
    /// sides) is an empty list. Takes no lock: git runs this while `shop sync` holds the data file's.
    /// - Returns: the conflicts the merge settled, for one line each on standard error.
    /// - Throws: the data errors of any side (OURS is then untouched), or ``ShopError/cannotWrite(path:reason:)``.
    public static func run(base: String, ours: String, theirs: String) throws(ShopError) -> [MergeConflict] {
        // The three lists live only inside this call: they are gone before the result is encoded, which
        // keeps the peak of a 100,000-item merge to the inputs or to the result, not both.
        let report = try merged(base: base, ours: ours, theirs: theirs)
        // The merged file names ours' log marker: it goes with this device's log file.
        try DataFileCodec.replace(ours, with: report.list, marker: report.log.marker)
        return report.conflicts
    }

    private static func merged(base: String, ours: String, theirs: String) throws(ShopError) -> MergeReport {
        let (base, ours, theirs) = (
            try read(base, allowingEmpty: true), try read(ours, allowingEmpty: false),
            try read(theirs, allowingEmpty: false)
        )
        return ShoppingList.merge(
            base: base.list, ours: ours.list, theirs: theirs.list, logs: (base.log, ours.log, theirs.log))
    }

    private static func read(_ path: String, allowingEmpty: Bool) throws(ShopError) -> DataFileContents {
        let empty = DataFileContents()
        guard let bytes = try POSIXFile.read(path) else {
            if allowingEmpty { return empty }
            throw .cannotRead(path: path, reason: "No such file or directory")
        }
        if allowingEmpty && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return empty
        }
        return try DataFileCodec.decodeContents(consuming: bytes, path: path)
    }
}
