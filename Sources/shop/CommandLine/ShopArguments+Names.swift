import ShopArguments

// The executable speaks the parser's vocabulary (ShopArguments, a module of its own as swift-argument-parser
// is) under the same names in every file, so that the commands' files need no import of it.

/// A command of `shop`: what ``CommandAction`` it runs, under the parser's generic ``ShopArguments/CommandSpec``.
typealias CommandSpec = ShopArguments.CommandSpec<CommandAction>
typealias ArgumentParser = ShopArguments.ArgumentParser<CommandAction>
typealias ArgumentSpec = ShopArguments.ArgumentSpec
typealias OptionSpec = ShopArguments.OptionSpec
typealias ValueKind = ShopArguments.ValueKind
typealias OptionValues = ShopArguments.OptionValues
typealias OptionGroup = ShopArguments.OptionGroup
typealias Invocation = ShopArguments.Invocation
typealias ParseResult = ShopArguments.ParseResult
typealias UsageError = ShopArguments.UsageError
typealias Suggestion = ShopArguments.Suggestion

typealias OptionKey<Value: Sendable> = ShopArguments.OptionKey<Value>
typealias OptionBinding<Group> = ShopArguments.OptionBinding<Group>
typealias Decoded<Value> = ShopArguments.Decoded<Value>
typealias OptionRefusal = ShopArguments.OptionRefusal
