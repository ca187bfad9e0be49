// The Swift start-up floor: a hello world linked with FoundationEssentials (as `shop` is) and
// the static Swift standard library. Built by .bench/run with `swiftc -O -static-stdlib`.
import FoundationEssentials

let start = Date()
print("hello, \(start.timeIntervalSince1970 > 0 ? "world" : "past")")
