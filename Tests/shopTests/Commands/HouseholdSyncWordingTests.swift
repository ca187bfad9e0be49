import Foundation
import Testing

/// SPEC 16's words of `sync`, pinned: `nothing came in` only when nothing did, a removed and re-created
/// item `re-added`, `drop` never bought or taken back.
@Suite(.enabled(if: SyncLab.hasGit))
struct HouseholdSyncWordingTests {
    @Test func nothingCameInIsNeverSaidAboveAConflict() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try HouseholdRecordTests.device("laptop", of: lab)
        let desktop = try HouseholdRecordTests.device("desktop", of: lab)
        try laptop.ok(["add", "Milk"])
        try lab.join(laptop, desktop)
        #expect(
            try desktop.run(["edit", "Milk", "--note", "oat"], environment: HouseholdRecordTests.at(day: 1, hour: 8))
                .status == 0)
        try desktop.ok(["sync"])
        #expect(
            try laptop.run(["edit", "Milk", "--note", "whole"], environment: HouseholdRecordTests.at(day: 1, hour: 9))
                .status == 0)
        let outcome = try laptop.ok(["sync"])
        #expect(!outcome.stderr.contains("nothing came in"), "\(outcome)")
        #expect(
            outcome.stderr.contains(
                "Synced with origin/main: committed your changes; what came in lost to your edits; sent 2 commits\n"),
            "\(outcome)")
    }

    @Test func anItemRemovedAndCreatedAgainReadsReAdded() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try HouseholdRecordTests.device("laptop", of: lab)
        let desktop = try HouseholdRecordTests.device("desktop", of: lab)
        try laptop.ok(["add", "Ice cream"])
        try lab.join(laptop, desktop)
        try laptop.ok(["remove", "Ice cream"])
        try laptop.ok(["add", "Ice cream"])
        try laptop.ok(["sync"])
        let outcome = try desktop.ok(["sync"])
        #expect(outcome.stderr.contains("came in: Ice cream re-added\n"), "\(outcome)")
        #expect(!outcome.stderr.contains("\u{2212} Ice cream"), "\(outcome)")
    }

    @Test func dropReadsAsOffTheListNeverAsARecipeTakenBack() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try HouseholdRecordTests.device("laptop", of: lab)
        let desktop = try HouseholdRecordTests.device("desktop", of: lab)
        let recipe = lab.root.appendingPathComponent("omelette.cook")
        try "Beat @Eggs{4} with @Chives{1}.\n".write(to: recipe, atomically: true, encoding: .utf8)
        try laptop.ok(["recipe", "add", recipe.path])
        try lab.join(laptop, desktop)
        try laptop.ok(["drop", "Eggs"])
        try laptop.ok(["sync"])
        let outcome = try desktop.ok(["sync"])
        #expect(outcome.stderr.contains("Eggs off the list"), "\(outcome)")
        #expect(!outcome.stderr.contains("taken back"), "\(outcome)")
        #expect(!outcome.stderr.contains("bought"), "\(outcome)")
    }

    @Test func replacedIsToldOnlyToTheDeviceWhoseEditLost() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let phone = try HouseholdRecordTests.device("phone", of: lab)
        let laptop = try HouseholdRecordTests.device("laptop", of: lab)
        let desktop = try HouseholdRecordTests.device("desktop", of: lab)
        for (device, name) in [(phone, "phone"), (laptop, "laptop"), (desktop, "desktop")] {
            try device.ok(["device", "name", name])
        }
        try phone.ok(["add", "Milk"])
        try lab.join(phone, laptop, desktop)
        let morning = HouseholdRecordTests.at(day: 1, hour: 8)
        #expect(try phone.run(["edit", "Milk", "--note", "lactose free please"], environment: morning).status == 0)
        try phone.ok(["sync"])
        try laptop.ok(["sync"])
        let later = HouseholdRecordTests.at(day: 1, hour: 9)
        #expect(try desktop.run(["edit", "Milk", "--note", "regular"], environment: later).status == 0)
        try desktop.ok(["sync"])
        let onlyHeld = try laptop.ok(["sync"])
        #expect(onlyHeld.stderr.contains("came in: Milk (note)"), "\(onlyHeld)")
        #expect(!onlyHeld.stderr.contains("replaced:"), "\(onlyHeld)")
        let lost = try phone.ok(["sync"])
        #expect(
            lost.stderr.contains(
                "replaced: your note on Milk (\"lactose free please\") by desktop's later edit (\"regular\")\n"),
            "\(lost)")
        #expect(!(try phone.ok(["sync"]).stderr.contains("replaced:")))
    }
}
