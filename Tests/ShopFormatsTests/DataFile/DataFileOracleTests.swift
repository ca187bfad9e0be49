import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Generated and mutated files, with Foundation as the oracle of what JSON means.
@Suite struct DataFileOracleTests {
    @Test func generatedFilesDecodeAsFoundationDecodesThem() throws {
        var generator = SeededGenerator(seed: 42)
        for round in 0..<2000 {
            let text = generatedFile(round: round, using: &generator)
            let bytes = Array(text.utf8)
            let ours: ShoppingList
            let device: DeviceState
            do {
                let contents = try DataFileCodec.decodeContents(consuming: bytes, path: "generated")
                (ours, device) = (contents.list, contents.legacyDevice)
            } catch {
                Issue.record("round \(round): refused \(error)\n\(text)")
                return
            }
            var theirs = try MirrorFile.decoder().decode(MirrorFile.self, from: Data(bytes)).expandingStamps(as: ours)
            // The model keeps colours in lowercase; the generator writes them in mixed case.
            for index in theirs.locations.indices {
                theirs.locations[index].color = theirs.locations[index].color.lowercased()
            }
            let mirror = MirrorFile(ours)
            #expect(
                Dictionary(uniqueKeysWithValues: mirror.items.map { ($0.id, $0) })
                    == Dictionary(uniqueKeysWithValues: theirs.items.map { ($0.id, $0) }), "round \(round)\n\(text)")
            #expect(
                Dictionary(uniqueKeysWithValues: mirror.locations.map { ($0.id, $0) })
                    == Dictionary(uniqueKeysWithValues: theirs.locations.map { ($0.id, $0) }), "round \(round)")
            #expect(device.timer.accumulatedSeconds == theirs.timer?.accumulatedSeconds ?? 0)
            #expect(device.timer.startedAt == theirs.timer?.startedAt)
            #expect(
                Dictionary(uniqueKeysWithValues: (mirror.stores ?? []).map { ($0.id, $0) })
                    == Dictionary(uniqueKeysWithValues: (theirs.stores ?? []).map { ($0.id, $0) }), "round \(round)")
            #expect(device.currentStoreID?.uuid == theirs.currentStoreId, "round \(round)")
            // And the generic parser agrees with JSONSerialization about the whole tree.
            let tree = try JSONValue.parse(bytes)
            let object = try JSONSerialization.jsonObject(with: Data(bytes))
            #expect(same(tree, object), "round \(round)")
        }
    }

    @Test func mutatedFilesNeverCrashAndRefuseWhatFoundationRefuses() throws {
        var generator = SeededGenerator(seed: 99)
        let valid = DataFileCodec.encode(try richList())
        var refusedByFoundation = 0
        for round in 0..<3000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &generator) { mutate(&bytes, using: &generator) }
            let ours = Result { () throws(ShopError) in try DataFileCodec.decode(bytes, path: "m") }
            let tree = Result { () throws(JSONParseError) in try JSONValue.parse(bytes) }
            let foundation = try? JSONSerialization.jsonObject(with: Data(bytes))
            if foundation == nil {
                refusedByFoundation += 1
                let shown = String(decoding: bytes, as: UTF8.self)
                #expect(throws: (any Error).self, "round \(round): decoder accepted\n\(shown)") { try ours.get() }
                #expect(throws: (any Error).self, "round \(round): JSONValue accepted\n\(shown)") { try tree.get() }
            }
            if case .failure(.corruptFile(let path, let detail)) = ours {
                #expect(path == "m" && (detail.hasPrefix("line ") || !detail.isEmpty))
            }
        }
        #expect(refusedByFoundation > 500)
    }

    // MARK: - Helpers

    private func mutate(_ bytes: inout [UInt8], using generator: inout SeededGenerator) {
        guard !bytes.isEmpty else { return }
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        let interesting: [UInt8] =
            Array(#"{}[]",:\0123456789.-eE tfnu"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: bytes[index] = interesting.randomElement(using: &generator)!
        case 1: bytes.remove(at: index)
        case 2: bytes.insert(interesting.randomElement(using: &generator)!, at: index)
        case 3: bytes.removeSubrange(index...)
        default: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        }
    }

    /// Whether a parsed tree equals what JSONSerialization made of the same text.
    private func same(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null: return object is NSNull
        case .bool(let flag):
            guard let number = object as? NSNumber else { return false }
            return number.boolValue == flag
        case .number(let text):
            guard let number = object as? NSNumber else { return false }
            return number.doubleValue == Double(text)
        case .string(let text):
            // JSONSerialization on Linux drops U+FEFF inside strings (JSONDecoder keeps it); compare without it.
            func withoutBOM(_ text: String) -> String { String(text.unicodeScalars.filter { $0 != "\u{FEFF}" }) }
            return (object as? String).map(withoutBOM) == withoutBOM(text)
        case .array(let elements):
            guard let others = object as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let others = object as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { key, member in others[key].map { same(member, $0) } ?? false }
        }
    }

    /// A valid data file with random key order, spacing, escapes, nulls and unknown keys.
    private func generatedFile(round: Int, using generator: inout SeededGenerator) -> String {
        func space() -> String { ["", " ", "\n  ", "\t", "\r\n"].randomElement(using: &generator)! }
        func object(_ members: [(String, String)]) -> String {
            var members = members
            if Bool.random(using: &generator) {
                members.append(("x-extra", #"{"deep":[1,2.5e-3,null,"\u0041"],"n":-0}"#))
            }
            members.shuffle(using: &generator)
            return "{" + members.map { space() + "\"\($0.0)\"" + space() + ":" + space() + $0.1 }.joined(separator: ",")
                + space() + "}"
        }
        func date() -> String {
            let seconds = Int.random(in: -2_000_000_000...4_000_000_000, using: &generator)
            return "\"" + TimestampText.string(Date(timeIntervalSince1970: Double(seconds))) + "\""
        }
        /// A `modifiedAt`: one date (version 2) or a map of some of the record's fields to stamps with
        /// milliseconds (version 3).
        func stamps(_ fields: [String]) -> String {
            guard Bool.random(using: &generator) else { return date() }
            let chosen = fields.filter { _ in Bool.random(using: &generator) }
            let members = chosen.map { field in
                let milliseconds = Int.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
                let stamp = TimestampText.stampString(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
                return space() + "\"\(field)\"" + space() + ":" + space() + "\"" + stamp + "\""
            }
            return "{" + members.joined(separator: ",") + space() + "}"
        }
        let unknownID = UUID().uuidString
        let userID = UUID().uuidString.lowercased()
        let locations = [
            object([
                ("id", "\"\(unknownID)\""), ("name", escaped("Unknown ✓", using: &generator)),
                ("isUnknown", "true"), ("color", "\"#00000000\""), ("visitationOrder", "2147483647"),
            ]),
            object(
                [
                    ("id", "\"\(userID)\""),
                    ("name", escaped("L\(round)" + randomText(using: &generator) + "x", using: &generator)),
                    ("isUnknown", "false"), ("color", "\"#A1b2C3d4\""),
                    ("visitationOrder", "\(Int.random(in: 1...100, using: &generator))"),
                ] + maybe(("modifiedAt", stamps(ShopModel.Location.stampedFields.map(\.name))))),
        ]
        /// The member, `null`, or nothing, at random (an optional key of the format).
        func maybe(_ member: (String, String)) -> [(String, String)] {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: [member]
            case 1: [(member.0, "null")]
            default: []
            }
        }
        var items: [String] = []
        for index in 0..<Int.random(in: 0...4, using: &generator) {
            var members: [(String, String)] = [
                ("id", "\"\(UUID().uuidString)\""),
                ("name", escaped("\(index)" + randomText(using: &generator) + "x", using: &generator)),
                ("locationId", "\"\(Bool.random(using: &generator) ? unknownID : userID)\""),
                ("quantity", "\(Int.random(in: 1...9999, using: &generator))"),
                ("onList", Bool.random(using: &generator) ? "true" : "false"),
                ("isAvailable", Bool.random(using: &generator) ? "true" : "false"),
                ("starred", Bool.random(using: &generator) ? "true" : "false"),
            ]
            let optional: [(String, String)] = [
                ("dateLastPurchased", date()),
                ("modifiedAt", stamps(ShopModel.Item.stampedFields.map(\.name))),
                ("every", "\(Int.random(in: 1...3650, using: &generator))"),
                ("note", escaped(randomText(using: &generator), using: &generator)),
                ("price", Price(cents: Int.random(in: 0...1_000_000, using: &generator))!.jsonNumber),
            ]
            for member in optional {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: members.append(member)
                case 1: members.append((member.0, "null"))
                default: break
                }
            }
            items.append(object(members))
        }
        var timer: [(String, String)] = [("accumulatedSeconds", "\(Int.random(in: 0...100_000, using: &generator))")]
        if Bool.random(using: &generator) { timer.append(("startedAt", date())) }
        timer += maybe(("modifiedAt", date()))
        var stores: [String] = []
        var storeIDs: [String] = []
        for index in 0..<Int.random(in: 0...2, using: &generator) {
            let id = UUID().uuidString
            storeIDs.append(id)
            let walk = index == 0 && Bool.random(using: &generator) ? "[\"\(userID)\"]" : "[" + space() + "]"
            stores.append(
                object(
                    [
                        ("id", "\"\(id)\""),
                        ("name", escaped("S\(index)" + randomText(using: &generator) + "x", using: &generator)),
                        ("locationIds", walk),
                    ] + maybe(("modifiedAt", stamps(ShopModel.Store.stampedFields.map(\.name))))))
        }
        // Version 1 files have no stores; version 2 files may name a current store.
        let version = stores.isEmpty && Bool.random(using: &generator) ? 1 : Int.random(in: 2...3, using: &generator)
        var top: [(String, String)] = [
            ("items", "[" + items.joined(separator: "," + space()) + "]"),
            ("locations", "[" + locations.joined(separator: ",") + space() + "]"),
            ("timer", object(timer)),
            ("version", "\(version)"),
        ]
        if version >= 2 { top.append(("stores", "[" + stores.joined(separator: ",") + space() + "]")) }
        if let current = storeIDs.randomElement(using: &generator) {
            top += maybe(("currentStoreId", "\"\(current)\""))
        }
        return space() + object(top) + space()
    }

    /// A JSON string literal for `text`, each scalar written raw or escaped at random.
    private func escaped(_ text: String, using generator: inout SeededGenerator) -> String {
        func hex(_ unit: UInt32) -> String {
            let digits = String(unit, radix: 16)
            let padded = String(repeating: "0", count: 4 - digits.count) + digits
            return "\\u" + (Bool.random(using: &generator) ? padded.uppercased() : padded)
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            let short: [Unicode.Scalar: String] = [
                "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r",
                "\u{08}": "\\b", "\u{0C}": "\\f", "/": "\\/",
            ]
            let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
            if !mustEscape && Bool.random(using: &generator) {
                result.unicodeScalars.append(scalar)
            } else if let form = short[scalar], Bool.random(using: &generator) {
                result += form
            } else if scalar.value >= 0x10000 {
                let value = scalar.value - 0x10000
                result += hex(0xD800 + (value >> 10)) + hex(0xDC00 + (value & 0x3FF))
            } else {
                result += hex(scalar.value)
            }
        }
        return result + "\""
    }
}
