import ShopJSON
import ShopModel

/// `POST /api/ops`'s body (SPEC section 13): `{"results": [{"id", "message", "result"}]}`, one per op, in order.
enum ServeOpsJSON {
    static func body(
        _ ops: [Result<ServeOp, ServeOpProblem>], _ results: [ServeOpResult],
        lineTotals: [Identifier<ServeOp>: Price] = [:], describe: (ShopError) -> String
    ) -> [UInt8] {
        var writer = JSONWriter(pretty: false, capacity: 64 + ops.count * 96)
        writer.beginObject()
        writer.key("results")
        writer.beginArray()
        for (parsed, result) in zip(ops, results) {
            writer.beginObject()
            writer.key("id")
            switch parsed {
            case .success(let op): writer.string(op.id.description.lowercased())
            case .failure(let problem): if let id = problem.id { writer.string(id) } else { writer.null() }
            }
            // An applied buy's line total as logged (SPEC 17): the cart's total is the history's.
            if case .success(let op) = parsed, case .applied = result, let total = lineTotals[op.id] {
                writer.key(PurchaseKey.lineTotal)
                writer.number(raw: total.description)
            }
            writer.key("message")
            if let message = ServeHandler.message(result, of: parsed, describe: describe) {
                writer.string(message)
            } else {
                writer.null()
            }
            writer.key("result")
            writer.string(result.word)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
