import ShopJSON
import ShopModel

/// The data file's value readers are the model's (``JSONScanner/memberInt(_:)`` and its siblings in
/// ShopModel's `Fields/MemberValues.swift`); the decoder names its failures the same way.
extension DataFileDecoder {
    /// Fails at the start of the value being read.
    func invalid(_ field: @autoclosure () -> String, _ requirement: String, at offset: Int) -> JSONScanFailure {
        scanner.invalidMember(field(), requirement, at: offset)
    }
}
