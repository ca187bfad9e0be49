// In-process throughput of the data-file codec: how many MB/s `DataFileStore.decode` (scan, check,
// build and validate the list) and `DataFileStore.encode` manage on the benchmark's files, free of
// process start-up. Built by .bench/run against the release objects of ShopKit:
//
//     codec FILE...    one line per file: size, decode MB/s, encode MB/s (best of several rounds)
//
// MB here is 10^6 bytes. Not a test: the numbers depend on the machine and on what else runs.
import Glibc
import ShopKit

func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func readAll(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    return bytes
}

/// The best time of `body` over rounds lasting at least half a second in all (and at least 3 rounds):
/// the best is the run least disturbed by other work on a shared machine.
func best(_ body: () -> Void) -> Double {
    var fastest = Double.infinity
    var spent = 0.0
    var rounds = 0
    while rounds < 3 || spent < 0.5 {
        let start = seconds()
        body()
        let took = seconds() - start
        fastest = min(fastest, took)
        spent += took
        rounds += 1
    }
    return fastest
}

print("| file | items | size | decode | encode |")
print("|---|---:|---:|---:|---:|")
for path in CommandLine.arguments.dropFirst() {
    let bytes = readAll(path)
    var list: ShoppingList?
    let decode = best {
        list = try! DataFileStore.decode(bytes, path: path)
    }
    guard let list else { continue }
    var written = 0
    let encode = best { written = DataFileStore.encode(list).count }
    let megabytes = Double(bytes.count) / 1e6
    print(
        "| \(path.split(separator: "/").suffix(2).joined(separator: "/")) | \(list.itemCount) | "
            + "\(String(format: megabytes, digits: 2)) MB | \(String(format: megabytes / decode, digits: 0)) MB/s | "
            + "\(String(format: Double(written) / 1e6 / encode, digits: 0)) MB/s |")
}

extension String {
    /// A fixed-point number without Foundation's format strings.
    init(format value: Double, digits: Int) {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        guard digits > 0 else {
            self = "\(scaled)"
            return
        }
        let fraction = String(scaled % scale)
        self = "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
