/// A kind of aisle a grocery word belongs to (SPEC 21): what the vocabulary knows, before a household's own
/// locations give it a place.
public enum AisleKind: String, CaseIterable, Hashable, Sendable {
    case produce, bakery, dairy, eggs, cheese, meat, seafood, deli, frozen, canned, grains, baking, condiments, oils
    case breakfast, snacks, beverages, alcohol, household, personal, pharmacy, baby, pet, flowers

    /// Kinds that no grocery word turns into another kind: `frozen` or `canned` in a name says nothing of soap.
    var isFood: Bool {
        switch self {
        case .household, .personal, .pharmacy, .baby, .pet, .flowers, .beverages, .alcohol: false
        default: true
        }
    }

    /// Whether the kind is eaten or drunk: a word of another kind beside a word of one that is not (`sesame
    /// sunflower`, `pepperoni straws`) makes the name food.
    var isEdible: Bool { isFood || self == .beverages || self == .alcohol }

    /// Whether the kind is kept cold or sold as a drink: a snack or a bar of it (`cheese snack`, `sorbet bars`) is
    /// as often where that food is as with the snacks.
    var isChilled: Bool {
        switch self {
        case .cheese, .dairy, .frozen, .seafood, .beverages, .deli: true
        default: false
        }
    }

    /// Whether the kind's foods come in flavours (`strawberry yogurt`, `vanilla wafers`); a flavour before a food of
    /// another kind (`chocolate eggs`, `maple sausage`) makes it a sweet or a dish whose aisle the words do not say.
    /// Produce counts as sold by flavour: its names are already held to words of fresh produce (`lemon thyme`); canned
    /// goods are (`cherry pie filling`).
    var isSoldByFlavour: Bool {
        switch self {
        case .eggs, .meat: false
        default: true
        }
    }

    /// Whether the kind's foods with another food (`turkey with beans`, `mac & cheese with ham`, `quinoa with greens`)
    /// name a meal, which is frozen or at the deli as each shop decides, rather than the food.
    var isDishBase: Bool { self == .meat || self == .grains }

    /// Where a household without a location of this kind keeps it, nearest first: oils stand with the condiments in
    /// most shops, wine with the drinks. Only kinds shops commonly put together are listed: a guess that sends a
    /// person to the wrong end of the shop costs more than no guess.
    var fallbacks: [AisleKind] {
        switch self {
        case .oils: [.condiments]
        case .eggs: [.dairy]
        case .cheese: [.dairy, .deli]
        case .deli: [.meat]
        case .alcohol: [.beverages]
        case .pharmacy: [.personal]
        case .personal: [.pharmacy, .household]
        case .baby: [.personal, .pharmacy]
        case .breakfast: [.baking]
        default: []
        }
    }
}
