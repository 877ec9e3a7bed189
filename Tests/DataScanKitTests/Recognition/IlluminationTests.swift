import Testing

@testable import DataScanInput
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct IlluminationTests {
    @Test func cleanScansAreEvenlyLit() throws {
        for name in ["phone-date-price.png", "exif-rotated.jpg", "qr.png"] {
            let image = try GrayImage.load(path: Fixtures.path(name))
            #expect(!Illumination.needsNormalization(image), "\(name): \(Illumination.unevenness(image))")
        }
    }

    @Test func aShadowAcrossThePageIsDetected() throws {
        var image = try GrayImage.load(path: Fixtures.path("phone-date-price.png"))
        // Light falls from the right: the left edge gets 35% of it.
        for y in 0..<image.height {
            for x in 0..<image.width {
                let light = 0.35 + 0.65 * Double(x) / Double(image.width)
                image[x, y] = UInt8(Double(image[x, y]) * light)
            }
        }
        #expect(Illumination.unevenness(image) > 2)
        #expect(Illumination.needsNormalization(image))
    }

    @Test func tinyImagesAreLeftAlone() {
        #expect(Illumination.unevenness(GrayImage(width: 10, height: 10, pixels: [UInt8](repeating: 0, count: 100))) == 1)
    }
}
