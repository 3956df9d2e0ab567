import Foundation
import Gtk
import Stars

extension Benchmark {
    /// The star field: a slow drag back and forth, a fling that coasts out, and a 3 s jump across
    /// six signs; frame work (update → paint, all of this process), Skiff's own snapshot building,
    /// frame intervals, and the textures the field keeps.
    func measureStars(report start: [String]) async {
        var report = start
        let stars = window.stars
        while stars.canvas.width <= 1 { await sleep(0.005) }
        await sleep(0.5)
        report.append("stars: field \(stars.canvas.width)×\(stars.canvas.height) px")
        let width = Double(stars.canvas.width)

        let drawn = DrawTimer()
        stars.drawTimer = drawn
        // 1. A drag: ±0.45 w, back and forth at a hand's pace for 3 s, then released (it snaps back).
        stars.perform(.dragBegan)
        let drag = await frames(for: 3.0) { t in
            stars.perform(.dragged(translation: -sin(t * 2.2) * 0.45 * width))
        }
        stars.perform(.dragEnded(translation: -sin(3.0 * 2.2) * 0.45 * width))
        report.append(Benchmark.percentileLine("stars drag: frame work (update→paint)", drag.work))
        report.append(Benchmark.percentileLine("stars drag: Skiff's snapshot building", drawn.milliseconds))
        report.append(Benchmark.percentileLine("stars drag: frame interval", drag.interval))
        await sleep(1.0)

        // 2. A fling: 0.5 w in 0.12 s, released moving; the field coasts and settles.
        drawn.reset()
        stars.perform(.dragBegan)
        let fling = await frames(for: 3.0) { t in
            if t < 0.12 { stars.perform(.dragged(translation: -t / 0.12 * 0.5 * width)) } else if stars.isDragging {
                stars.perform(.dragEnded(translation: -0.5 * width))
            }
        }
        report.append(Benchmark.percentileLine("stars fling: frame work (update→paint)", fling.work))
        report.append(Benchmark.percentileLine("stars fling: Skiff's snapshot building", drawn.milliseconds))
        report.append(Benchmark.percentileLine("stars fling: frame interval", fling.interval))
        await sleep(0.5)

        // 3. The menu's jump: six signs away, 3 s ease-out, then the lines draw in.
        drawn.reset()
        let tilesBefore = stars.tilesRendered
        stars.jump(to: (stars.field.nearestSign + 6) % 12)
        let jump = await frames(for: 3.6) { _ in }
        report.append(Benchmark.percentileLine("stars 3 s jump: frame work (update→paint)", jump.work))
        report.append(Benchmark.percentileLine("stars 3 s jump: Skiff's snapshot building", drawn.milliseconds))
        report.append(Benchmark.percentileLine("stars 3 s jump: frame interval", jump.interval))
        report.append("stars 3 s jump: \(stars.tilesRendered - tilesBefore) background tiles drawn on the way (each once, then only moved)")
        stars.drawTimer = nil
        stats.detach()
        let memory = ProcessClock.memory()
        report.append(String(format: "stars images (textures): %.1f MB in %d background tiles + vignette + ruler + sprites; UI process %.0f MB RSS",
                             Double(stars.textureBytes) / 1_048_576, stars.tileCount, memory.selfMB))
        emit(report)
    }
}
