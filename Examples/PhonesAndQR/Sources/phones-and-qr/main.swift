// Prints every phone number and QR code found in the images and PDFs of a folder.
// Usage: swift run phones-and-qr FOLDER [REGION]
import DataScanKit
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first else {
    print("usage: phones-and-qr FOLDER [REGION]")
    exit(2)
}
let analyzer = ImageAnalyzer()
let configuration = ScanConfiguration(
    recognizedDataTypes: [.text(textContentType: .telephoneNumber), .barcode(symbologies: [.qr])],
    region: arguments.dropFirst().first)

let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
for name in files {
    let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
    guard let pages = try? analyzer.pageCount(ofFileAt: url) else { continue }  // not an image or PDF
    for page in 1...pages {
        do {
            let analysis = try await analyzer.analyze(imageAt: url, page: page, configuration: configuration)
            for item in analysis.items {
                switch item {
                case .text(let text): print("\(name) p\(page)  phone  \(text.normalized)  (\(text.transcript))")
                case .barcode(let code): print("\(name) p\(page)  qr     \(code.payloadStringValue)")
                }
            }
        } catch {
            print("\(name) p\(page)  error  \(error.message)")
        }
    }
}
