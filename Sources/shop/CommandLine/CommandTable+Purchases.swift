// The purchase log's commands (SPEC section 10).
extension CommandTable {
    /// `--since` and `--until`, shared by `history` and `spending`.
    fileprivate static let dayRange: [OptionSpec] = [
        .string("since", value: "<YYYY-MM-DD>", help: "Only purchases on or after this day (local time)."),
        .string("until", value: "<YYYY-MM-DD>", help: "Only purchases on or before this day (local time)."),
    ]

    /// `spending --by` values.
    static let spendingGroupings = ["week", "month", "year", "store", "location", "item"]

    /// `shop history`.
    static let history = CommandSpec(
        name: "history",
        abstract: "Show every purchase, newest first, with the count and total.",
        discussion: """
            Only an explicit --store filters the history; $SHOP_STORE and the current store do not.
            """,
        arguments: [
            ArgumentSpec(
                name: "<search>", help: "Only purchases whose name contains this text (ignoring case).",
                isOptional: true)
        ],
        options: dayRange + [
            .json("the purchases"),
            .choice("format", value: "<format>", ["csv"], help: "CSV, one purchase a row."),
        ]
    )

    /// `shop spending`.
    static let spending = CommandSpec(
        name: "spending",
        abstract: "Show what was spent per week, month, year, store, location or item, oldest first.",
        discussion: """
            On a terminal each row ends in a bar proportional to its total. Weeks are ISO weeks (from \\
            Monday), in local time. Purchases without a price are counted and said, never summed as zero.
            """,
        options: [
            .choice("by", value: "<grouping>", spendingGroupings, help: "How to group the purchases (default: month).")
        ] + dayRange + [
            .json("the groups"),
            .choice("format", value: "<format>", ["csv"], help: "CSV, one group a row."),
        ]
    )
}
