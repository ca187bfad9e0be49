extension MergeConflict {
    /// The value (or side) the merge kept, already quoted and escaped as the conflict line shows it;
    /// `nil` when the resolution names no value. For `sync --json`.
    public var keptValue: String? { kept }
}
