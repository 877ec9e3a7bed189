import Testing

@testable import DataScanJob
@testable import DataScanModel

/// Issue 17: a page process that may run PP-OCR gets glibc malloc settings that return the model runs' tensors to
/// the system (a fixed mmap threshold, huge pages); one that will not, or a kernel without huge pages, keeps glibc's
/// defaults, and a user's own `GLIBC_TUNABLES` stay in force.
@Suite struct PageProcessMemoryTests {
    let madvise = "always [madvise] never\n"
    let ours = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=16777216:glibc.malloc.trim_threshold=16777216"

    func configuration(_ ocr: OCRMode, _ quality: QualityLevel = .balanced) -> ScanConfiguration {
        var c = ScanConfiguration()
        c.ocr = ocr
        c.quality = quality
        return c
    }

    @Test func pagesThatMayRunPPOCRGetTheSettings() {
        #expect(PageProcess.mallocTunables(for: configuration(.auto), existing: nil, hugePages: madvise) == ours)
        #expect(PageProcess.mallocTunables(for: configuration(.auto, .accurate), existing: "", hugePages: madvise) == ours)
        #expect(PageProcess.mallocTunables(for: configuration(.ppocr, .fast), existing: nil, hugePages: "[always] madvise never") == ours)
    }

    @Test func pagesThatNeverRunPPOCRKeepTheDefaults() {
        #expect(PageProcess.mallocTunables(for: configuration(.tesseract), existing: nil, hugePages: madvise) == nil)
        // `fast` never asks PP-OCR for a second reading.
        #expect(PageProcess.mallocTunables(for: configuration(.auto, .fast), existing: nil, hugePages: madvise) == nil)
    }

    @Test func withoutHugePagesTheDefaultsStay() {
        #expect(PageProcess.mallocTunables(for: configuration(.auto), existing: nil, hugePages: "always madvise [never]") == nil)
        #expect(PageProcess.mallocTunables(for: configuration(.auto), existing: nil, hugePages: nil) == nil)
    }

    @Test func theUsersOwnTunablesComeLastAndWin() {
        let user = "glibc.malloc.mmap_threshold=65536"
        #expect(PageProcess.mallocTunables(for: configuration(.auto), existing: user, hugePages: madvise) == ours + ":" + user)
    }
}
