import DataScanModel

/// PP-OCR text recognition: PP-OCRv4 detection and recognition with the mobile v2.0 direction classifier, run on
/// ONNX Runtime, with the pre- and post-processing of rapidocr-onnxruntime 1.4.4 written in Swift.
///
/// Create one engine and reuse it: the three models are loaded once, in `init`. The engine is not thread-safe
/// (it keeps no locks): give each worker thread its own engine, and call it from a dedicated thread, not from
/// Swift's cooperative pool — `recognize` blocks for seconds per page.
package final class PPOCREngine {
    /// Where ONNX Runtime was loaded from.
    package let runtimePath: String
    /// ONNX Runtime's own version string, e.g. "1.32.0".
    package let runtimeVersion: String
    /// The folder the models were loaded from.
    package let modelDirectory: String
    /// Model file name → sha256, from the folder's manifest.json (empty without one).
    package let modelChecksums: [String: String]
    /// The configuration the engine was made with.
    package let configuration: Configuration

    /// Seconds spent in each of the pipeline's stages, summed over every call since the engine was made: read it
    /// before and after a call to time that call's stages.
    package private(set) var stageSeconds = StageSeconds()

    /// Seconds of the three stages, each with its own pre- and post-processing: finding the text boxes (detection),
    /// turning upside-down lines (direction; zero without the classifier) and reading the lines (recognition).
    package struct StageSeconds: Sendable, Equatable {
        package var detection = 0.0
        package var direction = 0.0
        package var recognition = 0.0

        package init() {}

        /// The seconds of `later` (a reading taken after this one) less this one's.
        package func elapsed(until later: StageSeconds) -> StageSeconds {
            var d = StageSeconds()
            d.detection = later.detection - detection
            d.direction = later.direction - direction
            d.recognition = later.recognition - recognition
            return d
        }
    }

    private let environment: ORTEnvironment
    private let detector: TextDetector
    private let classifier: TextClassifier?
    private let recognizer: TextRecognizer

    /// The models by role (`det`, `rec`, `cls`) and file name, in pipeline order.
    package static let models = [
        ("det", ModelFolder.detection), ("rec", ModelFolder.recognition), ("cls", ModelFolder.classification),
    ]
    /// Where the models come from.
    package static let modelsName = "PP-OCRv4 (rapidocr-onnxruntime \(RuntimeLocator.modelsVersion))"

    /// What an engine would load, found without loading the models: for `doctor` and for checking at the start
    /// of a job that `--ocr ppocr` can run. Throws the error `init` would throw for a missing or unusable
    /// library or model folder.
    package struct Installation: Sendable {
        /// Where ONNX Runtime is, and its version string.
        package var runtimePath: String
        package var runtimeVersion: String
        /// The model folder, and model file name → sha256 from its manifest.json.
        package var modelDirectory: String
        package var modelChecksums: [String: String]
    }

    /// Finds and checks the library (opening it, as the engine would) and the model folder.
    package static func installation(configuration: Configuration = Configuration()) throws(PPOCRError) -> Installation {
        let library = try ONNXRuntimeLibrary.load(
            candidates: configuration.runtimeLibraryPath.map { [$0] } ?? RuntimeLocator.libraryCandidates())
        let models = try ModelFolder(explicit: configuration.modelDirectory)
        return Installation(
            runtimePath: library.path, runtimeVersion: library.version, modelDirectory: models.path, modelChecksums: models.manifest())
    }

    /// Loads ONNX Runtime and the three models. Throws `PPOCRError.runtimeNotFound` / `.runtimeUnusable` when
    /// the library is missing or too old, `.modelNotFound` / `.modelInvalid` for the models.
    package init(configuration: Configuration = Configuration()) throws(PPOCRError) {
        try configuration.validate()
        self.configuration = configuration
        let library = try ONNXRuntimeLibrary.load(
            candidates: configuration.runtimeLibraryPath.map { [$0] } ?? RuntimeLocator.libraryCandidates())
        let models = try ModelFolder(explicit: configuration.modelDirectory)
        runtimePath = library.path
        runtimeVersion = library.version
        modelDirectory = models.path
        modelChecksums = models.manifest()

        let environment = try ORTEnvironment(library: library)
        self.environment = environment
        let options = try ORTSessionOptions(
            library: library, intraOpThreads: configuration.intraOpThreads, interOpThreads: 1)
        let memory = try ORTMemoryInfo(library: library)
        func session(_ name: String) throws(PPOCRError) -> ORTSession {
            try ORTSession(environment: environment, modelPath: models.file(name), options: options)
        }
        let postProcessor = DBPostProcessor(boxThreshold: configuration.boxThreshold, unclipRatio: configuration.unclipRatio)
        detector = TextDetector(
            session: try session(ModelFolder.detection), memory: memory, postProcessor: postProcessor,
            bandPixels: configuration.detectionBandPixels)
        classifier =
            configuration.classifiesDirection
            ? TextClassifier(
                session: try session(ModelFolder.classification), memory: memory,
                threshold: Float(configuration.directionThreshold)) : nil
        let recognition = try session(ModelFolder.recognition)
        let characters = try models.characters(metadata: try recognition.metadata("character"))
        let classes = recognition.outputShape.last ?? -1
        guard classes < 0 || classes == characters.count + 2 else {
            throw .modelInvalid(
                path: recognition.modelPath,
                reason: "it outputs \(classes) classes but its character list has \(characters.count) (+ blank and space)")
        }
        recognizer = TextRecognizer(
            session: recognition, memory: memory, decoder: CTCDecoder(characters: characters),
            minimumWidth: configuration.minimumRecognitionWidth,
            maximumBatchColumns: configuration.maximumRecognitionBatchColumns)
    }

    /// The lines of text in an 8-bit grayscale image (`pixels`: `width × height` bytes, row-major, 0 = black),
    /// in reading order (top to bottom, left to right within a row). Quads are in the image's pixels.
    /// An empty image has no lines.
    ///
    /// The model runs are checked between one another (after detection and after every batch of the classifier
    /// and the recognizer, each well under a second): past `deadline` the call throws `.deadlinePassed`, and
    /// once `cancellation` is set it throws `.cancelled`. ONNX Runtime has no way to stop a run from outside.
    package func recognize(
        gray width: Int, height: Int, pixels: [UInt8], deadline: ContinuousClock.Instant? = nil,
        cancellation: CancellationFlag? = nil
    ) throws(PPOCRError) -> [Line] {
        guard width >= 0, height >= 0, pixels.count == width * height else {
            throw .invalidImage(reason: "\(pixels.count) pixels for a \(width)×\(height) image")
        }
        guard width > 0, height > 0 else { return [] }
        guard let (page, layout) = PageLayout.prepare(GrayRaster(width: width, height: height, pixels: pixels)) else {
            return []
        }
        let checkpoint = Checkpoint(deadline: deadline, cancellation: cancellation)
        var clock = ContinuousClock.now
        func lap(_ stage: WritableKeyPath<StageSeconds, Double>) {
            let now = ContinuousClock.now
            stageSeconds[keyPath: stage] += (now - clock).seconds
            clock = now
        }
        let boxes = Self.readingOrder(try detector.detect(page))
        try checkpoint.check()
        var crops = boxes.compactMap { LineCrop(page: page, box: $0) }
        lap(\.detection)
        if let classifier {
            for (i, turn) in try classifier.upsideDown(crops.map(\.image), checkpoint: checkpoint).enumerated() where turn {
                crops[i].turnHalf()
            }
            lap(\.direction)
        }
        let results = try recognizer.recognize(crops.map(\.image), checkpoint: checkpoint)
        defer { lap(\.recognition) }
        return zip(crops, results).compactMap { crop, result in
            line(crop, result, layout)
        }
    }

    /// Reads given lines of an image with the recognizer alone (no detection, no direction classifier): the lines
    /// another engine found, to read them a second time at a fraction of a page's cost. `lines` are quads in the
    /// image's pixels with their corners as the text reads (top-left first); each is grown by half its height
    /// along the text and a quarter across it, as the detector's boxes stand around their text. The result has
    /// one entry per quad: nil where the recognizer read nothing or too unsure a line.
    package func recognize(
        _ image: GrayImage, lines: [Quad], deadline: ContinuousClock.Instant? = nil, cancellation: CancellationFlag? = nil
    ) throws(PPOCRError) -> [Line?] {
        guard !lines.isEmpty, image.width > 0, image.height > 0 else { return lines.map { _ in nil } }
        let page = GrayRaster(width: image.width, height: image.height, pixels: image.pixels)
        let layout = PageLayout(inputWidth: image.width, inputHeight: image.height)
        let checkpoint = Checkpoint(deadline: deadline, cancellation: cancellation)
        var crops: [(index: Int, crop: LineCrop)] = []
        for (index, quad) in lines.enumerated() {
            if let crop = LineCrop(page: page, box: Self.grown(quad, width: image.width, height: image.height), turnsTall: false) {
                crops.append((index, crop))
            }
        }
        let started = ContinuousClock.now
        let results = try recognizer.recognize(crops.map(\.crop.image), checkpoint: checkpoint)
        stageSeconds.recognition += (ContinuousClock.now - started).seconds
        var out = [Line?](repeating: nil, count: lines.count)
        for ((index, crop), result) in zip(crops, results) { out[index] = line(crop, result, layout) }
        return out
    }

    /// A line's quad grown by half its height along the text and a quarter across it, kept inside the image.
    static func grown(_ q: Quad, width: Int, height: Int) -> [SIMD2<Float>] {
        let tl = SIMD2(q.topLeft.x, q.topLeft.y), tr = SIMD2(q.topRight.x, q.topRight.y)
        let br = SIMD2(q.bottomRight.x, q.bottomRight.y), bl = SIMD2(q.bottomLeft.x, q.bottomLeft.y)
        func unit(_ v: SIMD2<Double>) -> SIMD2<Double> {
            let n = (v * v).sum().squareRoot()
            return n > 0 ? v / n : .zero
        }
        let along = unit((tr - tl) + (br - bl)), across = unit((bl - tl) + (br - tr))
        let h = (((bl - tl) * (bl - tl)).sum().squareRoot() + ((br - tr) * (br - tr)).sum().squareRoot()) / 2
        let (dx, dy) = (along * h * 0.5, across * h * 0.25)
        return [tl - dx - dy, tr + dx - dy, br + dx + dy, bl - dx + dy].map { p in
            SIMD2(Float(min(max(p.x, 0), Double(width - 1))), Float(min(max(p.y, 0), Double(height - 1))))
        }
    }

    /// The lines of a page raster (see `recognize(gray:height:pixels:deadline:cancellation:)`).
    package func recognize(
        _ image: GrayImage, deadline: ContinuousClock.Instant? = nil, cancellation: CancellationFlag? = nil
    ) throws(PPOCRError) -> [Line] {
        try recognize(gray: image.width, height: image.height, pixels: image.pixels, deadline: deadline, cancellation: cancellation)
    }

    private func line(_ crop: LineCrop, _ result: TextRecognizer.Result, _ layout: PageLayout) -> Line? {
        guard result.confidence >= configuration.minimumLineConfidence else { return nil }
        let spans = WordLayout.words(result.characters)
        guard !spans.isEmpty else { return nil }
        func quad(_ corners: [SIMD2<Double>]) -> Quad {
            let p = corners.map(layout.inputPoint)
            return Quad(topLeft: p[0], topRight: p[1], bottomRight: p[2], bottomLeft: p[3])
        }
        let lineQuad = quad(crop.readingCorners.map { SIMD2(Double($0.x), Double($0.y)) })
        let (w, h) = (Double(crop.image.width), Double(crop.image.height))
        let extents = WordLayout.extents(of: spans, result: result, cropWidth: crop.image.width)
        let words = zip(spans, extents).map { span, extent in
            let (start, end) = spans.count == 1 ? (0, w) : extent
            let wordQuad =
                spans.count == 1
                ? lineQuad
                : quad([
                    crop.pagePoint(x: start, y: 0), crop.pagePoint(x: end, y: 0), crop.pagePoint(x: end, y: h),
                    crop.pagePoint(x: start, y: h),
                ])
            let confidence = span.characters.map { Double($0.probability) }.reduce(0, +) / Double(span.characters.count)
            return Word(text: span.text, quad: wordQuad, confidence: confidence)
        }
        return Line(text: result.text, words: words, quad: lineQuad, confidence: result.confidence)
    }

    /// rapidocr's `sorted_boxes`: by the top-left corner's y then x, then neighbours whose tops are less than
    /// 10 pixels apart are put left to right.
    static func readingOrder(_ boxes: [[SIMD2<Float>]]) -> [[SIMD2<Float>]] {
        var sorted = boxes.enumerated().sorted { a, b in
            (a.element[0].y, a.element[0].x, a.offset) < (b.element[0].y, b.element[0].x, b.offset)
        }.map(\.element)
        guard sorted.count > 1 else { return sorted }
        for i in 0..<(sorted.count - 1) {
            var j = i
            while j >= 0 {
                if abs(sorted[j + 1][0].y - sorted[j][0].y) < 10 && sorted[j + 1][0].x < sorted[j][0].x {
                    sorted.swapAt(j, j + 1)
                    j -= 1
                } else {
                    break
                }
            }
        }
        return sorted
    }
}
