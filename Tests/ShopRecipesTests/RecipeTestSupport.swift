import Foundation
import ShopModel
import ShopRecipes

extension ShoppingList {
    /// `addRecipes` for a list whose log is not read (nothing known at home).
    package mutating func addRecipes(_ requests: [RecipeRequest], now: Date = Date()) throws(RecipeError)
        -> [RecipeOutcome]
    {
        try addRecipes(requests, log: PurchaseLog(isLoaded: false), now: now)
    }

    /// `applyPlan` for a list whose log is not read (nothing known at home).
    package mutating func applyPlan(_ plan: String, requests: [RecipeRequest], now: Date = Date()) throws(RecipeError)
        -> PlanOutcome
    {
        try applyPlan(plan, requests: requests, log: PurchaseLog(isLoaded: false), now: now)
    }
}
