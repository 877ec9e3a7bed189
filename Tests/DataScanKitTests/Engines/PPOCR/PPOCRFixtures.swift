import Foundation

@testable import DataScanEngines
@testable import DataScanModel

/// The test fixtures (see Fixtures/README.md) and rapidocr's reference results on them.
enum PPOCRFixtures {
    static let folder = Fixtures.root.appendingPathComponent("ppocr")

    struct Gray {
        let width: Int
        let height: Int
        let pixels: [UInt8]
    }

    /// A binary 8-bit PGM from the fixtures folder (written by PIL: "P5\n<w> <h>\n255\n" then the rows).
    static func gray(_ name: String) throws -> Gray {
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            while bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            let start = index
            while bytes[index] != 0x20 && bytes[index] != 0x0A { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields[0] == "P5", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255" else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return Gray(width: w, height: h, pixels: Array(bytes[index..<index + w * h]))
    }

    struct Reference: Decodable {
        struct Line: Decodable {
            let box: [[Double]]
            let text: String
            let score: Double
        }
        struct DrawnWord: Decodable {
            let text: String
            let box: [Double]  // x0, y0, x1, y1
        }
        let origin: String
        let width: Int
        let height: Int
        let lines: [Line]
        let drawn: [String]?
        let drawnWords: [DrawnWord]?
    }

    static let references: [String: Reference] = {
        let data = try! Data(contentsOf: folder.appendingPathComponent("rapidocr-reference.json"))
        return try! JSONDecoder().decode([String: Reference].self, from: data)
    }()

    /// An engine with the default configuration (ONNX Runtime and the models from scripts/fetch-ppocr).
    static func engine() throws -> PPOCREngine { try PPOCREngine() }
}
