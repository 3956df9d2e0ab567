import Foundation
import BrowserModel
import Gtk
import Motion

/// Draws a `ProgressLine` as a 3-px bar and asks the frame clock for frames only while it moves.
@MainActor
final class ProgressLineView {
    let canvas: Canvas
    let model = ProgressLine()
    private let ticker: FrameTicker
    init() {
        let model = self.model
        canvas = Canvas(role: .progressBar, label: "Page loading progress",
                        measure: { orientation, _ in orientation == .vertical ? (Int(ProgressLine.height), Int(ProgressLine.height)) : (0, 0) },
                        draw: { _, _, _ in })
        canvas.onDraw { [weak canvas] snapshot, width, height in
            guard let canvas, model.isVisible, model.fraction > 0 else { return }
            let tint = canvas.themeColors.accent
            snapshot.withOpacity(model.opacity) {
                snapshot.fillRounded(Rect(x: 0, y: 0, width: width * model.fraction, height: height), radius: height / 2, color: tint)
            }
        }
        canvas.canTarget = false
        canvas.valign = .end
        canvas.addCSSClass("skiff-progress")
        ticker = FrameTicker(widget: canvas)
    }

    func update(progress: Double, isLoading: Bool) {
        model.animationsEnabled = Widget.animationsEnabled
        model.update(progress: progress, isLoading: isLoading, now: FrameTicker.now(for: canvas))
        canvas.setAccessibleValue(model.fraction)
        canvas.queueDraw()
        if model.isAnimating && !ticker.isRunning {
            ticker.start { [weak self] now in
                guard let self else { return false }
                let more = self.model.tick(now: now)
                self.canvas.queueDraw()
                return more
            }
        }
    }
}
