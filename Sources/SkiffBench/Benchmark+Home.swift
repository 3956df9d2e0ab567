import Foundation
import Gtk
import Home

extension Benchmark {
    /// The Home section: the greeting header snapping, the rewards tile opening and closing, and
    /// pages pushed and popped, each driven through the view's own input paths.
    func measureHome(report start: [String]) async {
        var report = start
        let home = window.home
        await sleep(0.5)
        let before = ProcessClock.memory()

        // Nothing moving: what a frame costs here before Home does anything.
        let still = await frames(for: 1.0) { _ in }
        report.append(Self.percentileLine("home, nothing moving: frame work", still.work))

        // Scroll past 30 px and back every 0.5 s: a snap up, then a snap down.
        let snap = await frames(for: 4.0) { t in
            let phase = Int(t / 0.5)
            home.perform(.scrolled(to: phase % 2 == 0 ? 120 : 0))
        }
        report.append(Self.percentileLine("home header snap: frame work (update→paint)", snap.work))
        report.append(Self.percentileLine("home header snap: frame interval", snap.interval))

        // Toggle the rewards tile every 0.9 s (0.75 s of motion each time).
        var toggles = 0
        let rewards = await frames(for: 3.6) { t in
            let due = Int(t / 0.9) + 1
            if due > toggles { toggles = due; home.toggleRewards() }
        }
        if home.isRewardsExpanded { home.toggleRewards() }
        report.append(Self.percentileLine("home rewards tile: frame work", rewards.work))
        report.append(Self.percentileLine("home rewards tile: frame interval", rewards.interval))

        // Push a page, then pop it, every 0.4 s (0.3 s slides).
        var steps = 0
        let slides = await frames(for: 4.0) { t in
            let due = Int(t / 0.4) + 1
            guard due > steps else { return }
            steps = due
            if due % 2 == 1 { home.push(PlainPage(), on: nil) } else { home.pop() }
        }
        home.pop()
        report.append(Self.percentileLine("home push/pop: frame work", slides.work))
        report.append(Self.percentileLine("home push/pop: frame interval", slides.interval))
        stats.detach()
        let after = ProcessClock.memory()
        report.append(String(format: "home memory: %.0f MB RSS before, %.0f MB after the runs", before.selfMB, after.selfMB))
        emit(report)
    }
}

/// The page pushed and popped: a dozen lines of text.
@MainActor
private final class PlainPage: HomePage {
    let root: Widget
    let title = "Bench page"
    init() {
        let box = Box(.vertical, spacing: 12)
        box.setMargins(top: 24, bottom: 24, start: 24, end: 24)
        for i in 0..<12 { box.append(Label("Row \(i + 1) of a pushed page")) }
        root = box
    }
}
