import ShopKit

/// `shop timer [start|stop|reset] [--json]`: the in-store stopwatch.
enum TimerCommand {
    static let spec = CommandSpec(
        name: "timer",
        abstract: "Show or control the in-store stopwatch (this device's own, in the device file).",
        arguments: [
            ArgumentSpec(
                name: "<action>", help: "Start, stop, or reset (stop and set to zero); none shows the timer.",
                isOptional: true, choices: ["start", "stop", "reset"])
        ],
        options: [CommonOptions.json("the timer").spec],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let now = context.now
        let action = context.invocation.positional(0)
        let timer: StoreTimer
        if let action {
            let (changed, after) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
                let changed =
                    switch action {
                    case "start": workspace.device.startTimer(at: now)
                    case "stop": workspace.device.stopTimer(at: now)
                    default: workspace.device.resetTimer()
                    }
                return (changed, workspace.device.timer)
            }
            timer = after
            let past = ["start": "Started", "stop": "Stopped", "reset": "Reset"][action] ?? action
            context.say(
                changed
                    ? "\(past) the timer."
                    : "The timer was already \(action == "start" ? "running" : action == "stop" ? "stopped" : "at zero")."
            )
        } else {
            _ = try context.readData()
            timer = context.deviceState.timer
        }
        context.output +=
            context.wantsJSON
            ? JSONOutput.timer(timer, now: now)
            : HumanOutput.fitted(HumanOutput.timer(timer, now: now), width: context.style.width)
    }
}
