import ShopKit

/// `shop store add|order|edit|remove|show|use`: groups the store subcommands; it does not run by itself.
enum StoreCommand {
    static let spec = CommandSpec(
        name: "store",
        abstract: "Add, reorder, rename, remove, show, choose a store, or learn its walk.",
        discussion: """
            A store is a named walking order over your locations: at a store, 'shop list' walks its \
            locations in its order, then the Unknown Location, then the items at locations the store does \
            not have. The store in effect is --store, else $SHOP_STORE, else the current store \
            ('shop store use').
            """,
        subcommands: [
            StoreAddCommand.spec, StoreOrderCommand.spec, StoreEditCommand.spec, StoreRemoveCommand.spec,
            StoreShowCommand.spec, StoreUseCommand.spec, StoreLearnCommand.spec,
        ]
    )
}
