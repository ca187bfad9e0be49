#if canImport(Glibc)
    import Glibc
#endif
import ShopKit

let code = ShopCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(code)
