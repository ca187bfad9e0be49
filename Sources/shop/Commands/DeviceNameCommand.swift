import ShopKit

/// `shop device name [NAME]`: shows this device's name, or gives it one (SPEC section 12, "Who").
enum DeviceNameCommand {
    static let spec = CommandSpec(
        name: "name",
        abstract: "Show this device's name, or set it (default: the host name).",
        discussion: """
            The name is this device's own, kept in the device file beside the data file and never synced. \
            Every purchase records it, 'sync' commits carry it as their author, and conflict lines name it. \
            A NAME follows the rules of names (not empty, at most 200 characters, no control character).
            """,
        arguments: [ArgumentSpec(name: "<name>", help: "The new name; none shows the current one.", isOptional: true)],
        options: [CommonOptions.json("the name and whether it was set").spec],
        data: .wholeFile,
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let store = try context.wholeDataFile()
        let name: String
        let isSet: Bool
        if let given = context.invocation.positional(0) {
            let (kept, changed) = try attempt { try store.setDeviceName(given) }
            name = kept
            isSet = true
            let shown = Escape.forTerminal(kept)
            context.say(changed ? "This device is now called \(shown)" : "This device was already called \(shown)")
        } else {
            let setting = store.deviceNameSetting()
            name = setting ?? DeviceName.hostName
            isSet = setting != nil
            if !isSet { context.say("(the host name: no name was set with 'shop device name NAME')") }
        }
        if context.wantsJSON {
            var writer = JSONWriter(pretty: true)
            writer.beginObject()
            writer.key("isSet")
            writer.bool(isSet)
            writer.key("name")
            writer.string(name)
            writer.endObject()
            context.print(writer.text)
        } else if context.invocation.positional(0) == nil {
            context.print(Escape.forTerminal(name))
        }
    }
}
