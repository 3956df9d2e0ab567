import Gtk
import Motion
import TodayModel

/// The cards' shadow following the pointer over Today (`ShadowFollow`, docs/today.md): the pointer
/// heard on `widget`, the follow ticked on its frame clock, `redraw` asked on each frame it moves.
@MainActor
final class PointerShadow {
    /// The original's shadow sits a little below the card even with the device flat; the pointer
    /// offset is added to this.
    static let restingDrop = 6.0

    private let shadow = ShadowFollow()
    private let ticker: FrameTicker
    private weak var widget: Widget?
    /// The cards draw again (their shadow moved).
    var redraw: (() -> Void)?

    init(over widget: Widget) {
        self.widget = widget
        ticker = FrameTicker(widget: widget)
        let motion = EventControllerMotion()
        motion.onEnter { [weak self] x, y in self?.pointerMoved(x, y) }
        motion.onMotion { [weak self] x, y in self?.pointerMoved(x, y) }
        motion.onLeave { [weak self] in
            guard let self, let widget = self.widget else { return }
            self.shadow.pointerLeft(now: FrameTicker.now(for: widget))
            self.animate()
        }
        widget.addController(motion)
    }

    /// Where the shadow is now, below the card.
    var offset: (x: Double, y: Double) {
        guard let widget else { return (0, Self.restingDrop) }
        let offset = shadow.offset(at: FrameTicker.now(for: widget))
        return (offset.x, offset.y + Self.restingDrop)
    }

    private func pointerMoved(_ x: Double, _ y: Double) {
        guard let widget else { return }
        shadow.animationsEnabled = Widget.animationsEnabled
        shadow.pointerMoved(to: Point(x: x, y: y), windowSize: Size(width: Double(widget.width), height: Double(widget.height)),
                            now: FrameTicker.now(for: widget))
        animate()
    }

    private func animate() {
        guard !ticker.isRunning else { return }
        redraw?()
        ticker.start { [weak self] now in
            guard let self else { return false }
            let moving = self.shadow.tick(now: now)
            self.redraw?()
            return moving
        }
    }
}
