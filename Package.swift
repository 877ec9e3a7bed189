// swift-tools-version:6.0
// datascan: find URLs, e-mails, phones, dates, prices and barcodes in folders of scanned documents.
import PackageDescription

let package = Package(
    name: "datascan",
    products: [
        .library(name: "DataScanKit", targets: ["DataScanKit"]),
        .executable(name: "datascan", targets: ["datascan"]),
    ],
    targets: [
        // C libraries from Debian, each behind its own module (only DataScanKit/Engines imports them).
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract lept", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // C++ libraries without a C API: small shims with a plain C header.
        .target(
            name: "CZXing",
            cxxSettings: [.define("ZX_USE_UTF8")],
            linkerSettings: [.linkedLibrary("ZXing")]
        ),
        // Linux system calls that Swift's Glibc module leaves out.
        .target(name: "CSystem"),
        .target(
            name: "CPhoneNumber",
            linkerSettings: [.linkedLibrary("phonenumber")]
        ),
        .target(
            name: "DataScanKit",
            dependencies: ["CTesseract", "CZBar", "CPoppler", "CSQLite", "CPostgres", "CHeif", "CZXing", "CPhoneNumber", "CSystem"],
            resources: [.copy("Resources")]
        ),
        .executableTarget(name: "datascan", dependencies: ["DataScanKit"]),
        .testTarget(
            name: "DataScanKitTests",
            dependencies: ["DataScanKit"],
            resources: [.copy("Fixtures")]
        ),
        // The public API only (no @testable): what a package that depends on DataScanKit can do.
        .testTarget(name: "DataScanKitAPITests", dependencies: ["DataScanKit"]),
        .testTarget(name: "datascanTests", dependencies: ["datascan"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
