import Testing

@testable import DataScanModel
@testable import DataScanStore

@Suite struct JobFolderTests {
    @Test func secondHolderIsRefusedAndReleasedLockCanBeTaken() throws {
        let path = Fixtures.temporaryFolder() + "/out/nested"
        var first: JobFolder? = try JobFolder(path: path)
        #expect { try JobFolder(path: path) } throws: {
            ($0 as? DataScanError)?.code == .busy && ($0 as? DataScanError)?.message.contains("another datascan run") == true
        }
        first = nil
        _ = first
        _ = try JobFolder(path: path)
    }

    @Test func rerunNeedsAnExistingJob() {
        #expect { try JobFolder(path: Fixtures.temporaryFolder(), create: false) } throws: { ($0 as? DataScanError)?.code == .usage }
    }
}
