import XCTest
import HomeModel
import TestClock

/// The rewards tile's detail, frame by frame (docs/home.md, "Rewards tile").
final class RewardsTileTests: XCTestCase {
    func testOpeningTakesPointSevenFiveSecondsAndTheContentFadesInOverTheLastQuarterSecond() {
        var clock = FrameClock(origin: 7)
        let tile = RewardsTile()
        XCTAssertTrue(tile.toggle(now: clock.now))
        XCTAssertTrue(tile.isExpanded, "expanded at once, for the chevron and accessibility")
        var heights: [Double] = []
        var opacities: [Double] = []
        while tile.tick(now: clock.advance()) {
            heights.append(tile.detailHeight)
            opacities.append(tile.contentOpacity)
        }
        XCTAssertEqual(heights.count + 1, 45, "0.75 s at 60 Hz")
        XCTAssertEqual(tile.detailHeight, 270, accuracy: 1e-9)
        XCTAssertEqual(tile.contentOpacity, 1)
        XCTAssertEqual(heights, heights.sorted(), "the height only grows")
        // Frames 1…30 are before 0.5 s: nothing shows yet.
        XCTAssertTrue(opacities.prefix(30).allSatisfy { $0 == 0 }, "\(opacities.prefix(31))")
        XCTAssertGreaterThan(opacities[31], 0)
        XCTAssertEqual(heights[21], 135, accuracy: 10, "ease-in-out: half way at half time")
    }

    func testClosingHidesTheContentAtOnceAndTheHeightGoesBack() {
        var clock = FrameClock()
        let tile = RewardsTile()
        tile.toggle(now: clock.now)
        while tile.tick(now: clock.advance()) {}
        tile.toggle(now: clock.now)
        XCTAssertFalse(tile.isExpanded)
        XCTAssertEqual(tile.contentOpacity, 0)
        var frames = 0
        while tile.tick(now: clock.advance()) { frames += 1 }
        XCTAssertEqual(frames + 1, 45)
        XCTAssertEqual(tile.detailHeight, 0, accuracy: 1e-9)
    }

    func testReversingMidFlightTurnsAroundWithoutAJump() {
        var clock = FrameClock()
        let tile = RewardsTile()
        tile.toggle(now: clock.now)
        for _ in 0..<20 { tile.tick(now: clock.advance()) }
        let there = tile.detailHeight
        tile.toggle(now: clock.now)
        tile.tick(now: clock.advance())
        XCTAssertLessThan(tile.detailHeight, there)
        XCTAssertLessThan(there - tile.detailHeight, 15)
        for _ in 0..<5 { tile.tick(now: clock.advance()) }
        // Open again from part way: the content fades in over the last 0.25 s of the way up.
        tile.toggle(now: clock.now)
        var frames = 0, firstVisible: Int?
        while tile.tick(now: clock.advance()) {
            frames += 1
            if firstVisible == nil, tile.contentOpacity > 0 { firstVisible = frames }
        }
        XCTAssertEqual(tile.detailHeight, 270, accuracy: 1e-9)
        XCTAssertEqual(tile.contentOpacity, 1)
        XCTAssertLessThan(frames, 44, "the rest of the way is quicker than a full opening")
        XCTAssertGreaterThanOrEqual(frames - (firstVisible ?? 0), 13, "the fade still takes 0.25 s")
    }

    func testAnimationsOffJump() {
        let tile = RewardsTile()
        XCTAssertFalse(tile.toggle(now: 0, animated: false))
        XCTAssertEqual(tile.detailHeight, 270)
        XCTAssertEqual(tile.contentOpacity, 1)
        tile.toggle(now: 1, animated: false)
        XCTAssertEqual(tile.detailHeight, 0)
        XCTAssertEqual(tile.contentOpacity, 0)
    }
}
