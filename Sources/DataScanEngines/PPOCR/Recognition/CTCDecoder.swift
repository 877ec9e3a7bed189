/// Greedy CTC decoding of the recognizer's output, as rapidocr's `CTCLabelDecode`: per time step the most
/// probable class; runs of the same class count once; class 0 is the blank. The characters are the model's
/// list with the blank in front and a space at the end.
struct CTCDecoder: Sendable {
    /// One decoded character and where the model saw it.
    struct Character: Sendable {
        let text: String
        /// The first and last time step of its run.
        let firstStep: Int
        let lastStep: Int
        /// Its probability at the first step (what rapidocr averages).
        let probability: Float
    }

    /// Class index → text; index 0 is the blank.
    let classes: [String]

    init(characters: [String]) {
        classes = ["blank"] + characters + [" "]
    }

    /// The characters of item `item` of a [n, steps, classes] output.
    func decode(_ scores: UnsafeBufferPointer<Float>, item: Int, steps: Int) -> [Character] {
        let count = classes.count
        var result: [Character] = []
        var previous = -1
        for t in 0..<steps {
            let row = (item * steps + t) * count
            var best = 0
            var bestScore = scores[row]
            for c in 1..<count where scores[row + c] > bestScore {
                best = c
                bestScore = scores[row + c]
            }
            if best == previous, best != 0, let last = result.last, last.lastStep == t - 1 {
                result[result.count - 1] = Character(
                    text: last.text, firstStep: last.firstStep, lastStep: t, probability: last.probability)
            } else if best != previous && best != 0 {
                result.append(Character(text: classes[best], firstStep: t, lastStep: t, probability: bestScore))
            }
            previous = best
        }
        return result
    }
}
