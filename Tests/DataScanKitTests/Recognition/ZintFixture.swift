import Foundation

@testable import DataScanInput
@testable import DataScanModel
@testable import DataScanRecognition

/// Barcode images made at test time with the `zint` command-line tool (Debian package `zint`), so that every
/// symbology is exercised on a real rendering without checking in binary fixtures.
enum ZintFixture {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Renders one code to PNG in a fresh temporary folder and loads it as gray pixels.
    /// - Parameters:
    ///   - type: zint's `-b` name (`QRCODE`, `EANX`...).
    ///   - data: the data as zint reads it (`[01]…` for GS1 types).
    ///   - binary: when set, these bytes are encoded instead of `data` (`--binary -i`), for non-text payloads.
    ///   - margin: white border added around zint's drawing.
    static func image(
        _ type: String, data: String = "", binary: [UInt8]? = nil, scale: Int = 3, margin: Int = 20, extra: [String] = []
    ) throws -> GrayImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("datascan-zint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("code.png").path
        var arguments = ["-b", type, "-o", output, "--scale=\(scale)", "--notext"] + extra
        if let binary {
            let input = folder.appendingPathComponent("data.bin")
            try Data(binary).write(to: input)
            arguments += ["--binary", "-i", input.path]
        } else {
            arguments += ["-d", data]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zint")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "zint \(arguments.joined(separator: " ")) failed: \(message)")
        }
        let code = try GrayImage.load(path: output)
        // zint draws some codes (Data Matrix, QR...) without a quiet zone; on paper there is always a margin.
        var padded = blankPage(width: code.width + 2 * margin, height: code.height + 2 * margin)
        paste(code, onto: &padded, x: margin, y: margin)
        return padded
    }

    /// A white page of the given size.
    static func blankPage(width: Int, height: Int) -> GrayImage {
        GrayImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height))
    }

    /// The page with `image` copied in at (x, y) (clipped to the page).
    static func paste(_ image: GrayImage, onto page: inout GrayImage, x: Int, y: Int) {
        for row in 0..<image.height where y + row >= 0 && y + row < page.height {
            for column in 0..<image.width where x + column >= 0 && x + column < page.width {
                page[x + column, y + row] = image[column, row]
            }
        }
    }

    /// The bounding box of the dark pixels (< 128): where the code is drawn.
    static func inkBox(of image: GrayImage, offsetX: Int = 0, offsetY: Int = 0) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] < 128 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return Rect(
            x: Double(minX + offsetX), y: Double(minY + offsetY), width: Double(maxX - minX + 1),
            height: Double(maxY - minY + 1))
    }

    /// True when the quad covers the code: its bounding box holds the ink box shrunk by `inset` (share of each side),
    /// and stays inside the ink box grown by the same share plus a few pixels.
    static func quad(_ quad: Quad, covers ink: Rect, inset: Double = 0.15) -> Bool {
        let box = quad.boundingRect
        let dx = ink.width * inset, dy = ink.height * inset
        let inner = Rect(x: ink.minX + dx, y: ink.minY + dy, width: ink.width - 2 * dx, height: ink.height - 2 * dy)
        let outer = Rect(x: ink.minX - dx - 4, y: ink.minY - dy - 4, width: ink.width + 2 * dx + 8, height: ink.height + 2 * dy + 8)
        return box.minX <= inner.minX && box.minY <= inner.minY && box.maxX >= inner.maxX && box.maxY >= inner.maxY
            && box.minX >= outer.minX && box.minY >= outer.minY && box.maxX <= outer.maxX && box.maxY <= outer.maxY
    }
}
