import Foundation
import HomeModel
import JSONReader
import XCTest

final class HistoryLoadTests: XCTestCase {
    let zone = TimeZone(identifier: "UTC")!
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    func snapshot(rows: Int, cached: Bool = false, at: Date? = nil) -> HistorySnapshot {
        let data = HistoryGenerator.json(count: rows, end: t0)
        // swiftlint:disable:next force_try
        return try! HistorySnapshot.make(from: data, source: "s", fetchedAt: at ?? t0, fromCache: cached, timeZone: zone).get()
    }

    func testOpeningReadsTheCacheAndFetchesThenShowsTheFreshResponseAndCachesIt() {
        var load = HistoryLoad(usesCache: true)
        XCTAssertEqual(load.handle(.opened), [.readCache, .fetch(request: 1)])
        XCTAssertEqual(load.screen, .loading)
        let cached = snapshot(rows: 3, at: t0.addingTimeInterval(-7200))
        XCTAssertEqual(load.handle(.cacheRead(cached)), [])
        guard case let .list(shown, refreshing, problem) = load.screen else { return XCTFail("\(load.screen)") }
        XCTAssertTrue(shown.fromCache && refreshing)
        XCTAssertNil(problem)
        let body = Data("{}".utf8)
        XCTAssertEqual(load.handle(.received(request: 1, data: body, at: t0)), [.parse(request: 1, data: body, receivedAt: t0)])
        let fresh = snapshot(rows: 5)
        XCTAssertEqual(load.handle(.parsed(request: 1, .success(fresh), data: body)), [.writeCache(data: body, fetchedAt: t0)])
        XCTAssertEqual(load.screen, .list(fresh, refreshing: false, problem: nil))
        // A late cache read never covers the fresh response.
        XCTAssertEqual(load.handle(.cacheRead(cached)), [])
        XCTAssertEqual(load.screen, .list(fresh, refreshing: false, problem: nil))
    }

    func testEachFailureIsItsOwnScreenAndTryAgainFetchesAgain() {
        let failures: [HistoryFailure] = [.unreachable(reason: "Connection refused"), .timedOut(seconds: 10),
                                          .httpStatus(code: 500, reason: "Internal Server Error"), .tooLarge(limit: 5 << 20),
                                          .unreadable(reason: "the file does not exist")]
        for failure in failures {
            var load = HistoryLoad(usesCache: false)
            XCTAssertEqual(load.handle(.opened), [.fetch(request: 1)])
            XCTAssertEqual(load.handle(.failed(request: 1, failure)), [])
            XCTAssertEqual(load.screen, .failed(failure))
            XCTAssertEqual(load.handle(.refreshRequested), [.fetch(request: 2)])
            XCTAssertEqual(load.screen, .loading)
        }
        XCTAssertEqual(Set(failures.map(\.title)).count, failures.count, "every failure reads differently")
    }

    func testMalformedJSONSaysLineAndColumn() {
        var load = HistoryLoad(usesCache: false)
        _ = load.handle(.opened)
        let problem = DataProblem(severity: .fatal, file: "http://127.0.0.1/history", line: 3, column: 14, message: "expected a string")
        _ = load.handle(.received(request: 1, data: Data(), at: t0))
        XCTAssertEqual(load.handle(.parsed(request: 1, .failure(problem), data: Data())), [], "nothing malformed is cached")
        guard case let .failed(failure) = load.screen else { return XCTFail() }
        XCTAssertEqual(failure.message, "http://127.0.0.1/history, line 3, column 14: expected a string")
    }

    func testAFailedRefreshKeepsWhatIsShownAndSaysWhy() {
        var load = HistoryLoad(usesCache: true)
        _ = load.handle(.opened)
        let cached = snapshot(rows: 2, at: t0.addingTimeInterval(-86400))
        _ = load.handle(.cacheRead(cached))
        _ = load.handle(.failed(request: 1, .unreachable(reason: "Connection refused")))
        guard case let .list(shown, refreshing, problem) = load.screen else { return XCTFail() }
        XCTAssertTrue(shown.fromCache)
        XCTAssertFalse(refreshing)
        XCTAssertEqual(problem, .unreachable(reason: "Connection refused"))
    }

    func testTheCacheArrivingAfterAFailureStillShows() {
        var load = HistoryLoad(usesCache: true)
        _ = load.handle(.opened)
        _ = load.handle(.failed(request: 1, .timedOut(seconds: 10)))
        XCTAssertEqual(load.screen, .failed(.timedOut(seconds: 10)))
        _ = load.handle(.cacheRead(snapshot(rows: 1, at: t0)))
        guard case .list(_, false, .timedOut) = load.screen else { return XCTFail("\(load.screen)") }
    }

    func testAnEmptyHistoryIsItsOwnScreen() {
        var load = HistoryLoad(usesCache: false)
        _ = load.handle(.opened)
        _ = load.handle(.received(request: 1, data: Data(), at: t0))
        let empty = snapshot(rows: 0)
        _ = load.handle(.parsed(request: 1, .success(empty), data: Data()))
        XCTAssertEqual(load.screen, .empty(empty, refreshing: false, problem: nil))
    }

    func testRefreshWhileBusyIsIgnoredAndStaleResultsAreDropped() {
        var load = HistoryLoad(usesCache: false)
        XCTAssertEqual(load.handle(.refreshRequested), [], "nothing before opening")
        _ = load.handle(.opened)
        XCTAssertEqual(load.handle(.refreshRequested), [], "one fetch at a time")
        XCTAssertEqual(load.handle(.opened), [], "opening twice does not fetch twice")
        _ = load.handle(.failed(request: 1, .timedOut(seconds: 1)))
        XCTAssertEqual(load.handle(.refreshRequested), [.fetch(request: 2)])
        XCTAssertEqual(load.handle(.failed(request: 1, .unreachable(reason: "late"))), [], "request 1 is over")
        XCTAssertEqual(load.handle(.received(request: 1, data: Data(), at: t0)), [])
        XCTAssertEqual(load.screen, .loading)
    }

    func testParsingTenThousandRowsGroupsThemAll() throws {
        let data = HistoryGenerator.json(count: 10_000, end: t0)
        let snap = try HistorySnapshot.make(from: data, source: "s", fetchedAt: t0, fromCache: false, timeZone: zone).get()
        XCTAssertEqual(snap.transactionCount, 10_000)
        XCTAssertGreaterThan(snap.months.count, 12)
        XCTAssertLessThanOrEqual(data.count, HistoryParser.maximumResponseBytes)
    }
}
