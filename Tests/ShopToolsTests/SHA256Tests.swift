import Foundation
import Testing

@testable import ShopTools

/// SHA-256 against FIPS 180-4's examples, and base64.
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func knownDigests() {
        #expect(Self.hex(SHA256.digest([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(SHA256.digest(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Self.hex(SHA256.digest(long)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Self.hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func base64() {
        #expect(SHA256.base64(Array("".utf8)) == "")
        #expect(SHA256.base64(Array("f".utf8)) == "Zg==")
        #expect(SHA256.base64(Array("fo".utf8)) == "Zm8=")
        #expect(SHA256.base64(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(SHA256.base64(SHA256.digest([])) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }
}
