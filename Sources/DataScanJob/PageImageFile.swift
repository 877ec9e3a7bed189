import DataScanEngines
import DataScanInput
import DataScanModel
import Foundation

/// The page images a job folder keeps in `OUT/pages/`, so that `export --format pdf` can put each page's picture
/// under its words when the input files are gone: `SHA256-PAGE.jpg`, named by the document's content hash (a
/// changed document gets new files; the old ones go at the end of the run).
///
/// A JPEG input is kept as its own bytes (a copy of the file: JPEG stays JPEG, in color, EXIF orientation and all).
/// Every other page is kept as the gray raster the analyzer read (a PDF page as rendered, an image as decoded and
/// turned upright), as a JPEG at quality ``quality`` that records its resolution. Measured on `Samples/`: about
/// 0.17 MB for a 300 DPI letter page, 0.05–0.2 MB for a receipt (README, "Exports").
enum PageImageFile {
    /// JPEG quality of the kept gray rasters: text stays crisp at 300 DPI, a page costs a fifth of a PNG.
    static let quality = 75

    static func folder(ofJob jobFolder: String) -> String { jobFolder + "/pages" }

    static func path(folder: String, documentKey: String, page: Int) -> String { "\(folder)/\(documentKey)-\(page).jpg" }

    /// Writes the loaded page's image to `request.pageImagePath` when the runner asked for one. Best effort: a page
    /// image that cannot be written (a full disk) costs the export its fallback, not the page its analysis.
    static func keep(_ page: LoadedPage, for request: PageRequest) {
        guard let path = request.pageImagePath else { return }
        let bytes: [UInt8]
        if let jpeg = page.jpeg {
            bytes = jpeg
        } else if let raster = page.raster, let image = LeptonicaImage.from(raster) {
            image.setResolution(page.resolution)
            guard let jpeg = image.jpegData(quality: quality) else { return }
            bytes = jpeg
        } else {
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Written next to its name and renamed over it: an export never reads half a file.
        try? Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Removes the images of documents the job no longer has (`keys`: the documents' sha256).
    static func removeStale(folder: String, keeping keys: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasSuffix(".jpg") {
            guard let dash = name.lastIndex(of: "-"), !keys.contains(String(name[..<dash])) else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
