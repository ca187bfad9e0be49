/// The lines `shop merge-file` (and `sync`, which runs the same merge) print for git to pass on.
enum MergeDriverOutput {
    /// Every conflict line starts with this.
    static let conflictPrefix = "shop: conflict: "
}
