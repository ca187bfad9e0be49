enum ShopCommandLine {
    static func run(arguments: [String]) -> Int32 { arguments.isEmpty ? 0 : 1 }
}
