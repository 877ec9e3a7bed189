// swift-tools-version:6.0
// datascan: find URLs, e-mails, phones, dates, prices and barcodes in folders of scanned documents.
//
// One module per stage of the pipeline, so the compiler keeps the dependencies one-way (README: How it works):
//
//   DataScanModel ◀─ DataScanEngines (C)   DataScanSQL (C)
//        ▲    ▲         ▲    ▲    ▲             ▲
//        │    └─ DataScanInput    │             │
//        │         DataScanRecognition          │
//        │         DataScanDetection            │
//        ├──────── DataScanStore ───────────────┘
//        └──────── DataScanOutput
//   DataScanJob (orchestrates all of them) ◀─ DataScanKit (the public API) ◀─ datascan (the CLI)
import PackageDescription

let package = Package(
    name: "datascan",
    products: [
        .library(name: "DataScanKit", targets: ["DataScanKit"]),
        .executable(name: "datascan", targets: ["datascan"]),
    ],
    targets: [
        // C libraries from Debian, each behind its own module. Only DataScanEngines (engines, decoders) and
        // DataScanSQL (the stores' databases) import them.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract lept", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // ONNX Runtime's C API (PP-OCR): declarations only; the library from PyPI is dlopen()ed (scripts/fetch-ppocr).
        .systemLibrary(name: "CONNXRuntime"),
        // C++ libraries without a C API: small shims with a plain C header.
        .target(
            name: "CZXing",
            cxxSettings: [.define("ZX_USE_UTF8")],
            linkerSettings: [.linkedLibrary("ZXing")]
        ),
        .target(
            name: "CPhoneNumber",
            linkerSettings: [.linkedLibrary("phonenumber")]
        ),
        // Linux system calls that Swift's Glibc module leaves out.
        .target(name: "CSystem"),

        // Values every stage shares: geometry, images, recognized text and items, configuration, errors.
        .target(name: "DataScanModel"),
        // The only Swift code that talks to the engines' C libraries.
        .target(
            name: "DataScanEngines",
            dependencies: [
                "DataScanModel", "CTesseract", "CZBar", "CPoppler", "CHeif", "CZXing", "CPhoneNumber", "CSystem", "CONNXRuntime",
            ]),
        // The only Swift code that talks to SQLite and libpq.
        .target(name: "DataScanSQL", dependencies: ["DataScanModel", "CSQLite", "CPostgres"]),
        // Walking inputs, sniffing formats, opening pages (image decoding, PDF text layer and rendering).
        .target(name: "DataScanInput", dependencies: ["DataScanModel", "DataScanEngines"]),
        // Text and barcodes from a page raster.
        .target(name: "DataScanRecognition", dependencies: ["DataScanModel", "DataScanEngines"]),
        // Content types in recognized text, and a page's items.
        .target(name: "DataScanDetection", dependencies: ["DataScanModel", "DataScanEngines"]),
        // The job's state (SQLite in the job folder, or a shared PostgreSQL store).
        .target(name: "DataScanStore", dependencies: ["DataScanModel", "DataScanSQL"]),
        // manifest.json, items.csv, exports and the HTML report, from records.
        .target(name: "DataScanOutput", dependencies: ["DataScanModel"]),
        // Runs jobs: registration, the page pipeline, worker threads and processes, shared-store workers.
        .target(
            name: "DataScanJob",
            dependencies: [
                "DataScanModel", "DataScanEngines", "DataScanInput", "DataScanRecognition", "DataScanDetection", "DataScanStore",
                "DataScanOutput",
            ]),
        // The public API: re-exports the stages' public types and adds the entry points.
        .target(
            name: "DataScanKit",
            dependencies: [
                "DataScanModel", "DataScanEngines", "DataScanInput", "DataScanRecognition", "DataScanDetection", "DataScanStore",
                "DataScanOutput", "DataScanJob",
            ]),
        .executableTarget(name: "datascan", dependencies: ["DataScanKit"]),
        .testTarget(
            name: "DataScanKitTests",
            dependencies: [
                "DataScanKit", "DataScanModel", "DataScanEngines", "DataScanSQL", "DataScanInput", "DataScanRecognition",
                "DataScanDetection", "DataScanStore", "DataScanOutput", "DataScanJob",
            ],
            resources: [.copy("Fixtures")]
        ),
        // The public API only (no @testable): what a package that depends on DataScanKit can do.
        .testTarget(name: "DataScanKitAPITests", dependencies: ["DataScanKit"]),
        // The built executable, end to end (and a few internals of the report through @testable imports).
        .testTarget(
            name: "datascanTests",
            dependencies: [
                "datascan", "DataScanKit", "DataScanModel", "DataScanEngines", "DataScanInput", "DataScanRecognition", "DataScanDetection",
                "DataScanStore", "DataScanOutput", "DataScanJob",
            ]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
