/// The text recognizer: PP-OCRv4 rec (an SVTR-LCNet with a CTC head) at height 48, batches of 6 crops
/// sorted by aspect ratio (fewer where they would pass `maximumBatchColumns`), each batch as wide as its widest
/// crop and at least `minimumWidth` pixels (rapidocr 1.4.4: 320, and always 6).
final class TextRecognizer {
    static let height = 48
    static let batchSize = 6
    /// rapidocr's narrowest batch (its `rec_img_shape` width).
    static let referenceMinimumWidth = 320

    /// A recognized crop: its characters and where its content sits in the model's input.
    struct Result: Sendable {
        var characters: [CTCDecoder.Character]
        /// Time steps of the output (each covers `inputWidth / steps` input pixels).
        var steps: Int
        /// The batch's input width and the part of it the crop filled.
        var inputWidth: Int
        var contentWidth: Int

        /// The text as rapidocr reports it.
        var text: String { characters.map(\.text).joined() }
        /// rapidocr's score: the mean probability of the decoded characters, 0 with none.
        var confidence: Double {
            characters.isEmpty ? 0 : characters.map { Double($0.probability) }.reduce(0, +) / Double(characters.count)
        }
    }

    private let session: ORTSession
    private let memory: ORTMemoryInfo
    private let decoder: CTCDecoder
    private let minimumWidth: Int
    private let maximumBatchColumns: Int

    init(
        session: ORTSession, memory: ORTMemoryInfo, decoder: CTCDecoder, minimumWidth: Int = referenceMinimumWidth,
        maximumBatchColumns: Int = .max
    ) {
        self.session = session
        self.memory = memory
        self.decoder = decoder
        self.minimumWidth = minimumWidth
        self.maximumBatchColumns = maximumBatchColumns
    }

    /// The crops' batches, by increasing aspect ratio, with each batch's input width (at least `minimumWidth`): up
    /// to `batchSize` crops, and fewer where the crops times the batch's width would pass `maximumColumns` (the
    /// model holds about 20 KB a column of a batch while it runs: six whole receipt lines, 1,300 pixels wide each,
    /// take 150 MB; and it reads narrower batches faster).
    static func batches(_ crops: [GrayRaster], minimumWidth: Int, maximumColumns: Int) -> [(crops: [Int], width: Int)] {
        func width(_ ratio: Double) -> Int { Int(Double(height) * ratio) }
        let narrowest = Double(minimumWidth) / Double(height)
        var batches: [(crops: [Int], width: Int)] = []
        var batch: [Int] = []
        var maxRatio = narrowest
        for index in TensorPacking.byAspectRatio(crops) {
            let own = max(narrowest, Double(crops[index].width) / Double(crops[index].height))
            if batch.count == batchSize || (!batch.isEmpty && (batch.count + 1) * width(max(maxRatio, own)) > maximumColumns) {
                batches.append((batch, width(maxRatio)))
                batch = []
                maxRatio = narrowest
            }
            batch.append(index)
            maxRatio = max(maxRatio, own)
        }
        if !batch.isEmpty { batches.append((batch, width(maxRatio))) }
        return batches
    }

    func recognize(_ crops: [GrayRaster], checkpoint: Checkpoint = .never) throws(PPOCRError) -> [Result] {
        var results = [Result](repeating: Result(characters: [], steps: 0, inputWidth: 0, contentWidth: 0), count: crops.count)
        for (batch, width) in Self.batches(crops, minimumWidth: minimumWidth, maximumColumns: maximumBatchColumns) {
            let input = try ORTTensor(shape: [batch.count, 3, Self.height, width], memory: memory)
            var contentWidths: [Int] = []
            for (n, index) in batch.enumerated() {
                let w = TensorPacking.resizedWidth(of: crops[index], height: Self.height, maxWidth: width)
                contentWidths.append(w)
                TensorPacking.pack(crops[index], resizedWidth: w, into: input, index: n, height: Self.height, width: width)
            }
            let output = try session.run(input)
            try checkpoint.check()
            guard output.shape.count == 3, output.shape[0] == batch.count, output.shape[2] == decoder.classes.count else {
                throw .modelInvalid(
                    path: session.modelPath,
                    reason: "recognizer output has shape \(output.shape), expected [\(batch.count), steps, \(decoder.classes.count)]")
            }
            let steps = output.shape[1]
            try output.withElements { scores in
                for (n, index) in batch.enumerated() {
                    results[index] = Result(
                        characters: decoder.decode(scores, item: n, steps: steps), steps: steps, inputWidth: width,
                        contentWidth: contentWidths[n])
                }
            }
        }
        return results
    }
}
