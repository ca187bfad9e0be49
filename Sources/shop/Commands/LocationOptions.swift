import ShopKit

/// The options that set a location's fields, shared by `location add` and `location edit`.
struct LocationOptions: OptionGroup {
    var order: Int?
    var color: Result<RGBA, ShopError>?

    static var bindings: [OptionBinding<LocationOptions>] {
        [.init(CommonOptions.order, \.order), .init(CommonOptions.color, \.color)]
    }
}
