// swift-tools-version:6.0
// A tiny package that uses DataScanKit as a library: prints every phone number and QR code in a folder.
import PackageDescription

let package = Package(
    name: "PhonesAndQR",
    dependencies: [.package(name: "datascan", path: "../..")],
    targets: [
        .executableTarget(name: "phones-and-qr", dependencies: [.product(name: "DataScanKit", package: "datascan")])
    ],
    swiftLanguageModes: [.v6]
)
