import TodayModel
import XCTest

final class SubscriptionFoldersTests: XCTestCase {
    private func groups(_ feeds: [(String, String?)]) -> [String] {
        SubscriptionFolders.grouped(feeds) { $0.1 }.map { group in
            "\(group.folder ?? "-"): \(group.items.map(\.0).joined(separator: ", "))"
        }
    }

    func testFeedsInNoFolderComeFirstThenEachFolderSortedAsNames() {
        XCTAssertEqual(groups([("Quay", "sea"), ("Harbour", nil), ("Tide", "Sea 10"), ("Ferry", "Sea 9"), ("Buoy", "sea"), ("Gull", "")]),
                       ["-: Harbour, Gull", "sea: Quay, Buoy", "Sea 9: Ferry", "Sea 10: Tide"])
    }

    func testNoFeedsNoGroupsAndOnlyFoldersNoLooseGroup() {
        XCTAssertEqual(groups([]), [])
        XCTAssertEqual(groups([("Quay", " Sea ")]), ["Sea: Quay"], "a folder's name trimmed")
    }
}
