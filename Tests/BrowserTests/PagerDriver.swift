import Foundation
import XCTest
@testable import BrowserModel

/// Feeds an `AddressBarPager` like the view would, on a fake 60 Hz clock.
final class PagerDriver {
    static let frame = 1.0 / 60
    /// Between the last motion event and the button release: under a frame, as with a real mouse.
    static let releaseDelay = 0.01

    let pager: AddressBarPager
    var now: TimeInterval

    init(_ pager: AddressBarPager, now: TimeInterval = 100) {
        self.pager = pager
        self.now = now
    }

    var metrics: PagerMetrics { pager.metrics }
    var pageWidth: Double { pager.metrics.barPageWidth }
    var offset: Double { pager.barsOffset(at: now) }
    var layout: PagerLayout { pager.layout(now: now) }

    /// A drag made of straight segments (translation change, duration) at steady speed, one
    /// motion event per frame, then `hold` seconds with the pointer still, then the release.
    @discardableResult
    func drag(_ segments: [(distance: Double, duration: TimeInterval)], hold: TimeInterval = 0,
              release: Bool = true) -> PagerOutcome {
        pager.dragBegan(now: now)
        var translation = 0.0
        for segment in segments {
            let steps = max(Int((segment.duration * 60).rounded()), 1)
            let start = translation
            for step in 1...steps {
                now += Self.frame
                translation = start + segment.distance * Double(step) / Double(steps)
                pager.dragChanged(translationX: translation, now: now)
            }
        }
        guard release else { return .none }
        now += hold + Self.releaseDelay
        return pager.dragEnded(now: now)
    }

    /// One steady drag.
    @discardableResult
    func drag(by distance: Double, over duration: TimeInterval, hold: TimeInterval = 0,
              release: Bool = true) -> PagerOutcome {
        drag([(distance, duration)], hold: hold, release: release)
    }

    /// Ticks frames until nothing moves (at most `limit` seconds); calls `sample` after each tick.
    func settle(limit: TimeInterval = 3, sample: ((PagerLayout) -> Void)? = nil) {
        let start = now
        while pager.isAnimating && now - start < limit {
            now += Self.frame
            pager.tick(now: now)
            sample?(pager.layout(now: now))
        }
        XCTAssertFalse(pager.isAnimating, "still animating after \(limit) s")
    }

    func advance(frames: Int) {
        for _ in 0..<frames {
            now += Self.frame
            pager.tick(now: now)
        }
    }
}

func makeTabs(_ count: Int, current: Int, lastLoaded: Bool = false) -> TabList {
    let tabs = (0..<count).map { index in
        BrowserTab(title: "Tab \(index)", uri: "https://example.com/\(index)",
                   hasLoadedPage: index < count - 1 || lastLoaded)
    }
    return TabList(tabs: tabs, currentIndex: current)
}
