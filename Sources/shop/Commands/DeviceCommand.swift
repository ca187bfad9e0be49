import ShopKit

/// `shop device name`: groups what one device keeps to itself; it does not run by itself.
enum DeviceCommand {
    static let spec = CommandSpec(
        name: "device",
        abstract: "Show or set this device's own settings (its name), kept beside the data file, never synced.",
        subcommands: [DeviceNameCommand.spec]
    )
}
