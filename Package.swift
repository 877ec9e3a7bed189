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
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CXlsxWriter", pkgConfig: "xlsxwriter", providers: [.apt(["libxlsxwriter-dev"])]),
        // ONNX Runtime's C API (PP-OCR): declarations only; the library from PyPI is dlopen()ed (scripts/fetch-ppocr).
        .systemLibrary(name: "CONNXRuntime"),
        // zxing-cpp 3.1.1 through its own C API (ZXingC.h), built from PyPI's source package by scripts/build-zxing
        // (scripts/bootstrap runs it) into .build/deps: Debian has only 1.4. The header is included by a relative
        // path (include/CZXing.h); the static library is linked by a name of its own, from an absolute path this
        // manifest computes, so packages depending on this one by path link it too and Debian's libZXing.so (1.4)
        // can never be picked instead.
        .target(
            name: "CZXing",
            linkerSettings: [
                .unsafeFlags(["-L" + Context.packageDirectory + "/.build/deps/zxing-cpp-3.1.1/lib"]),
                .linkedLibrary("datascan-zxing"), .linkedLibrary("stdc++"), .linkedLibrary("m"),
            ]
        ),
        // C++ libraries without a C API: small shims with a plain C header.
        .target(
            name: "CPhoneNumber",
            linkerSettings: [.linkedLibrary("phonenumber")]
        ),
        // Image libraries for the formats leptonica refuses in part (DataScanEngines/ImageDecoding), and the C that
        // owns their setjmp error handling, message handlers and memory streams.
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .target(name: "CImageShims", dependencies: ["CTesseract", "CTIFF", "CJPEG", "CPNG", "CSystem"]),
        // Linux system calls that Swift's Glibc module leaves out.
        .target(name: "CSystem"),

        // Values every stage shares: geometry, images, recognized text and items, configuration, errors.
        .target(name: "DataScanModel"),
        // The only Swift code that talks to the engines' C libraries.
        .target(
            name: "DataScanEngines",
            dependencies: [
                "DataScanModel", "CTesseract", "CZBar", "CPoppler", "CHeif", "CZXing", "CPhoneNumber", "CSystem",
                "CCairo", "CXlsxWriter", "CONNXRuntime",
                "CTIFF", "CGIF", "CWebP", "CImageShims",
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
