/// The text-direction classifier (PP-OCR mobile v2.0 cls): tells lines that read upside down, so that they can
/// be turned before recognition. Batches of 6 crops at 48 × 192, as rapidocr 1.4.4.
final class TextClassifier {
    static let height = 48
    static let width = 192
    static let batchSize = 6

    private let session: ORTSession
    private let memory: ORTMemoryInfo
    /// A line is turned when the "180°" class wins with more than this probability (rapidocr's cls_thresh).
    let threshold: Float

    init(session: ORTSession, memory: ORTMemoryInfo, threshold: Float) {
        self.session = session
        self.memory = memory
        self.threshold = threshold
    }

    /// For each crop, whether it reads upside down.
    func upsideDown(_ crops: [GrayRaster], checkpoint: Checkpoint = .never) throws(PPOCRError) -> [Bool] {
        var result = [Bool](repeating: false, count: crops.count)
        let order = TensorPacking.byAspectRatio(crops)
        for start in stride(from: 0, to: order.count, by: Self.batchSize) {
            let batch = Array(order[start..<min(start + Self.batchSize, order.count)])
            let input = try ORTTensor(shape: [batch.count, 3, Self.height, Self.width], memory: memory)
            for (n, index) in batch.enumerated() {
                let w = TensorPacking.resizedWidth(of: crops[index], height: Self.height, maxWidth: Self.width)
                TensorPacking.pack(crops[index], resizedWidth: w, into: input, index: n, height: Self.height, width: Self.width)
            }
            let output = try session.run(input)
            try checkpoint.check()
            guard output.shape == [batch.count, 2] else {
                throw .modelInvalid(
                    path: session.modelPath, reason: "classifier output has shape \(output.shape), expected [\(batch.count), 2]")
            }
            try output.withElements { scores in
                for (n, index) in batch.enumerated() {
                    // argmax takes the first of equal scores, so a tie stays at 0°
                    let turned = scores[2 * n + 1] > scores[2 * n]
                    result[index] = turned && scores[2 * n + 1] > threshold
                }
            }
        }
        return result
    }
}
