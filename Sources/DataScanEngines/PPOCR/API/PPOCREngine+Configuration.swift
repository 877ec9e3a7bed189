extension PPOCREngine {
    /// How the engine is set up. The defaults are rapidocr 1.4.4's (config.yaml and its call defaults).
    package struct Configuration: Sendable, Equatable {
        /// Threads ONNX Runtime may use inside one model run. 1 by default: callers run pages in parallel.
        package var intraOpThreads: Int = 1
        /// The ONNX Runtime library to load; nil to look it up (see `RuntimeLocator`).
        package var runtimeLibraryPath: String?
        /// The folder with the three .onnx files; nil to look it up.
        package var modelDirectory: String?
        /// Lines whose recognition score is below this are dropped (rapidocr's text_score).
        package var minimumLineConfidence: Double = 0.5
        /// A detected region is kept when its mean text probability reaches this (box_thresh).
        package var boxThreshold: Double = 0.5
        /// How far boxes are grown: area × ratio / perimeter (unclip_ratio).
        package var unclipRatio: Double = 1.6
        /// Whether to run the direction classifier and turn upside-down lines (use_cls).
        package var classifiesDirection = true
        /// The classifier's confidence above which a line is turned (cls_thresh).
        package var directionThreshold: Double = 0.9
        /// The narrowest input of a recognizer batch, in pixels at height 48 (rapidocr: 320). A narrower one
        /// saves the work on padding of batches of short lines (prices, dates), which rapidocr pads to 320.
        package var minimumRecognitionWidth: Int = TextRecognizer.referenceMinimumWidth
        /// The most pixels of the detector's input read in one model run; a larger page is read in horizontal
        /// bands. The model holds roughly 150–300 bytes an input pixel while it runs. rapidocr reads every page whole
        /// (`Int.max`).
        package var detectionBandPixels: Int = .max
        /// The most columns (crops × the batch's width, at height 48) of a recognizer batch; a batch of wide lines
        /// holds fewer than six crops. The model holds about 20 KB a column while it runs. rapidocr: no limit.
        package var maximumRecognitionBatchColumns: Int = .max

        /// A configuration; every argument defaults to rapidocr's value (threads: 1).
        package init(
            intraOpThreads: Int = 1, runtimeLibraryPath: String? = nil, modelDirectory: String? = nil,
            minimumLineConfidence: Double = 0.5, boxThreshold: Double = 0.5, unclipRatio: Double = 1.6,
            classifiesDirection: Bool = true, directionThreshold: Double = 0.9,
            minimumRecognitionWidth: Int = TextRecognizer.referenceMinimumWidth, detectionBandPixels: Int = .max,
            maximumRecognitionBatchColumns: Int = .max
        ) {
            self.intraOpThreads = intraOpThreads
            self.runtimeLibraryPath = runtimeLibraryPath
            self.modelDirectory = modelDirectory
            self.minimumLineConfidence = minimumLineConfidence
            self.boxThreshold = boxThreshold
            self.unclipRatio = unclipRatio
            self.classifiesDirection = classifiesDirection
            self.directionThreshold = directionThreshold
            self.minimumRecognitionWidth = minimumRecognitionWidth
            self.detectionBandPixels = detectionBandPixels
            self.maximumRecognitionBatchColumns = maximumRecognitionBatchColumns
        }

        func validate() throws(PPOCRError) {
            guard (1...256).contains(intraOpThreads) else {
                throw .invalidConfiguration(reason: "intraOpThreads is \(intraOpThreads), expected 1...256")
            }
            for (name, value) in [
                ("minimumLineConfidence", minimumLineConfidence), ("boxThreshold", boxThreshold),
                ("directionThreshold", directionThreshold),
            ] where !(0...1).contains(value) {
                throw .invalidConfiguration(reason: "\(name) is \(value), expected 0...1")
            }
            guard (16...4096).contains(minimumRecognitionWidth) else {
                throw .invalidConfiguration(reason: "minimumRecognitionWidth is \(minimumRecognitionWidth), expected 16...4096")
            }
            for (name, value) in [
                ("detectionBandPixels", detectionBandPixels), ("maximumRecognitionBatchColumns", maximumRecognitionBatchColumns),
            ] where value <= 0 {
                throw .invalidConfiguration(reason: "\(name) is \(value), expected a positive number")
            }
            guard unclipRatio > 0, unclipRatio.isFinite else {
                throw .invalidConfiguration(reason: "unclipRatio is \(unclipRatio), expected a positive number")
            }
        }
    }
}
