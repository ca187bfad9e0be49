import ShopKit

/// The words for `restock`'s decisions, shared by `restock --dry-run`, `restock --suggest` and `show`.
enum RestockText {
    /// `12.5` → `about 12 days`; whole days, never below one.
    static func days(_ days: Double) -> String {
        HumanOutput.count(max(1, Int(days.rounded())), "day", "days")
    }

    /// The interval and when it is next due: `every 7 days, next due 2026-11-29` or, learned,
    /// `auto: about 9 days for 2 (learned from 6 purchases), next due 2026-12-01`.
    static func explanation(_ decision: RestockDecision, zone: DisplayZone) -> String {
        let due = decision.nextDue.map { ", next due " + zone.day($0) } ?? ""
        switch decision.reason {
        case .fixed(let every, let last):
            return "every " + HumanOutput.count(every, "day", "days") + (last == nil ? ", never bought: due now" : due)
        case .learned(let learned):
            return "auto: about \(days(learned.days)) (learned from \(learned.purchaseCount) purchases)" + due
        case .tooFewPurchases(let count):
            return "auto: not learned yet (\(HumanOutput.count(count, "purchase", "purchases")); "
                + "needs \(RestockLearning.minimumPurchases))"
        }
    }

    /// One line of `restock --dry-run`: `due      milk: every 7 days, next due 2026-11-20`.
    static func decision(_ decision: RestockDecision, zone: DisplayZone) -> String {
        let verdict: String
        switch decision.reason {
        case .tooFewPurchases: verdict = "left    "
        default: verdict = decision.isDue ? "due     " : "not due "
        }
        return verdict + Escape.forTerminal(decision.item.name) + ": " + explanation(decision, zone: zone)
    }

    /// One suggestion of `restock --suggest`: what was learned, and the command line that turns it on.
    static func suggestion(_ item: Item, _ learned: LearnedInterval, zone: DisplayZone) -> String {
        Escape.forTerminal(item.name)
            + ": about every \(days(learned.days)) (\(learned.purchaseCount) purchases at regular gaps)\n"
            + "  shop edit " + ShellWord.quoted(item.name) + " --every auto"
    }
}
