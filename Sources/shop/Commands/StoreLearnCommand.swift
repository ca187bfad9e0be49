import ShopKit

/// `shop store learn NAME [--apply] [--json]`: proposes the store's walking order learned from the trips
/// in the purchase log (SPEC section 15); `--apply` makes it the walk, as one undoable step.
enum StoreLearnCommand {
    static let spec = CommandSpec(
        name: "learn",
        abstract: "Propose a store's walking order learned from the order you ticked items off.",
        discussion: """
            A trip is a day's purchases at the store made at different times (ticked off one at a time on \
            the phone page, or 'shop buy' of one item at a time); 'buy --all' teaches nothing. Each trip \
            says which location it reached first. The proposal contradicts the fewest trips, recent ones \
            weighing more (a trip counts half after 4 newer ones); two locations change order only when at \
            least 3 trips visited both and 75% of them agree. Each move is shown with its evidence. It \
            needs 3 trips; with fewer it says so and changes nothing.
            """,
        arguments: [CommandTable.storeName],
        options: [apply.spec, CommonOptions.json("the proposal").spec],
        data: .writes(log: true),
        run: run
    )

    static let apply = OptionKey<Bool>.flag("apply", help: "Make the proposed order the store's walk (undoable).")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let calendar = LocalCalendar.current.memoizingOffsets()
        let id: Store.ID
        let proposal: WalkProposal
        let list: ShoppingList
        if context.options[Self.apply] {
            // Learned under the lock, from the very walk and log it replaces.
            (id, proposal, list) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
                let id = try workspace.list.resolveStore(reference)
                let proposal = workspace.list.learnedWalk(of: id, from: workspace.log, calendar: calendar)!
                if let proposed = proposal.proposed, proposal.changesWalk {
                    _ = try workspace.list.orderStore(id, walking: proposed)
                }
                return (id, proposal, workspace.list)
            }
        } else {
            let workspace = try context.readWorkspace()
            list = workspace.list
            id = try attempt { try list.resolveStore(reference) }
            proposal = list.learnedWalk(of: id, from: workspace.log, calendar: calendar)!
        }
        let applied = context.options[Self.apply] && proposal.changesWalk
        let store = list.store(id)!
        if context.wantsJSON {
            context.output += WalkLearningOutput.json(proposal, store: store, applied: applied, in: list)
        } else {
            context.output += WalkLearningOutput.text(proposal, store: store, in: list, style: context.style)
        }
        let name = Escape.forTerminal(store.name)
        guard proposal.proposed != nil else { return }
        if applied {
            context.say(
                "New walking order for \(name), learned from \(HumanOutput.count(proposal.trips, "trip", "trips")) "
                    + "('shop undo' takes it back)")
        } else if proposal.changesWalk {
            context.say("Not applied; to make it the walk: shop store learn \(ShellWord.quoted(store.name)) --apply")
        }
    }
}
