import Foundation
import XCTest
import HomeModel
import JSONReader

final class HomeDataTests: XCTestCase {
    func testGreetingByLocalTime() {
        let utc = TimeZone(identifier: "UTC")!
        func at(_ hour: Int, _ minute: Int = 0) -> Date {
            Date(timeIntervalSince1970: Double(hour * 3600 + minute * 60) + 86400 * 20000)
        }
        XCTAssertEqual(Greeting.text(name: "Avery", at: at(4, 59), in: utc), "Good evening, Avery")
        XCTAssertEqual(Greeting.text(name: "Avery", at: at(5), in: utc), "Good morning, Avery")
        XCTAssertEqual(Greeting.text(name: "Avery", at: at(11, 59), in: utc), "Good morning, Avery")
        XCTAssertEqual(Greeting.text(name: "Avery", at: at(12), in: utc), "Good afternoon, Avery")
        XCTAssertEqual(Greeting.text(name: "Avery", at: at(17), in: utc), "Good evening, Avery")
        // The same instant is morning in Tokyo (UTC+9) when it is 23:00 in UTC.
        XCTAssertEqual(Greeting.text(name: " Avery ", at: at(23), in: TimeZone(identifier: "Asia/Tokyo")!), "Good morning, Avery")
    }

    func testProgressToTheNextReward() {
        let rewards = [25, 50, 150, 200, 400].map { HomeProfile.Reward(stars: $0, title: "R\($0)") }
        var profile = HomeProfile(name: "A", memberNumber: "1", stars: 100, rewards: rewards)
        XCTAssertEqual(profile.nextReward?.stars, 150)
        XCTAssertEqual(profile.progressToNext, 0.5, accuracy: 1e-9)
        XCTAssertEqual(profile.progressText, "50 Stars to R150")
        profile.stars = 149
        XCTAssertEqual(profile.progressText, "1 Star to R150")
        profile.stars = 400
        XCTAssertNil(profile.nextReward)
        XCTAssertEqual(profile.progressToNext, 1)
    }

    func testRoutesRoundTripThroughText() {
        let routes: [HomeRoute] = [.history, .tab(.scan), .menuItem(id: "flat-white"), .giftDesign(id: "thanks"), .store(id: "s1")]
        for route in routes { XCTAssertEqual(HomeRoute(text: route.text), route) }
        for bad in ["", "tab:", "tab:nowhere", "menu-item:", "history:x", "order"] { XCTAssertNil(HomeRoute(text: bad), bad) }
    }

    func testAProfileSyntaxErrorHasLineAndColumn() {
        let text = "{\n  \"name\": \"Avery\",\n  \"stars\": 12,,\n}"
        let loaded = HomeDataLoader.parseProfile(Data(text.utf8), file: "profile.json")
        XCTAssertNil(loaded.value)
        let problem = try? XCTUnwrap(loaded.problems.first)
        XCTAssertEqual(problem?.line, 3)
        XCTAssertNotNil(problem?.column)
        XCTAssertEqual(problem?.severity, .fatal)
    }

    func testABadMemberNumberIsFatalAndNamedByLine() {
        let text = """
        {
          "name": "Avery",
          "memberNumber": "12-34",
          "stars": 12,
          "rewards": []
        }
        """
        let loaded = HomeDataLoader.parseProfile(Data(text.utf8), file: "profile.json")
        XCTAssertNil(loaded.value)
        XCTAssertEqual(loaded.problems.map(\.description), ["profile.json:3: \"memberNumber\" may hold only digits and spaces"])
    }

    func testBadTilesAreSkippedWithTheirLinesAndGoodOnesKept() {
        let text = """
        {"tiles": [
          {"id": "a", "title": "A", "subtitle": "s", "action": {"label": "Order", "route": "menu-item:latte"}},
          {"id": "b", "title": "B", "subtitle": "s", "action": {"label": "Go", "route": "nowhere"}},
          {"id": "a", "title": "A again", "subtitle": "s", "action": {"label": "Go", "route": "history"}},
          {"id": "c", "title": 3, "subtitle": "s", "action": {"label": "Go", "route": "history"}},
          {"id": "d", "title": "D", "subtitle": "s", "image": "missing.png", "extra": 1, "action": {"label": "Scan", "route": "tab:scan"}}
        ]}
        """
        let loaded = HomeDataLoader.parseTiles(Data(text.utf8), file: "tiles.json", directory: URL(fileURLWithPath: "/nonexistent"))
        XCTAssertEqual(loaded.value?.map(\.id), ["a", "d"])
        XCTAssertEqual(loaded.value?.first?.route, .menuItem(id: "latte"))
        XCTAssertNil(loaded.value?.last?.image)
        let lines = loaded.problems.map { "\($0.line ?? 0) \($0.severity)" }
        XCTAssertEqual(lines, ["3 skipped", "4 skipped", "5 skipped", "6 warning", "6 warning"], "\(loaded.problems)")
    }

    func testTheBundledFilesLoadWithoutProblems() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/home")
        let profile = HomeDataLoader.loadProfile(data.appendingPathComponent("profile.json"))
        XCTAssertEqual(profile.problems, [])
        XCTAssertNotNil(profile.value)
        let tiles = HomeDataLoader.loadTiles(data.appendingPathComponent("tiles.json"))
        XCTAssertEqual(tiles.problems, [])
        XCTAssertGreaterThanOrEqual(tiles.value?.count ?? 0, 3)
        XCTAssertTrue(tiles.value?.allSatisfy { $0.image != nil } ?? false, "every bundled tile has its picture")
    }

    func testAFolderOrAFifoIsRefusedWithoutBlocking() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("home-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("profile.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let loaded = HomeDataLoader.loadProfile(fifo)
        XCTAssertNil(loaded.value)
        XCTAssertTrue(loaded.problems.first?.message.contains("named pipe") ?? false)
        XCTAssertNil(HomeDataLoader.loadTiles(dir).value)
    }
}
