import BrowserModel
import Gtk

/// The address of the link under the pointer, in a small label at the lower left of the page
/// (GNOME Web's floating bar). It moves to the lower right while the pointer is over its corner,
/// so it never hides what is being pointed at. Shown safely: `SafeAddress`.
@MainActor
final class LinkStatusOverlay {
    let label = Label("")
    /// Where the pointer is in the page, to keep out of its way.
    private var pointer: (x: Double, y: Double)?
    private var pageHeight = 0.0
    private(set) var shownURI: String?

    init() {
        label.addCSSClass("skiff-link-status")
        label.ellipsizeMiddle()
        label.maxWidthChars = 90
        label.halign = .start
        label.valign = .end
        // The pointer passes through it to the page: hovering it must not change what is hovered.
        label.canTarget = false
        label.isVisible = false
    }

    var root: Widget { label }

    /// The link under the pointer changed (nil: no link there any more).
    func show(_ uri: String?) {
        shownURI = uri
        guard let uri, !uri.isEmpty else {
            label.isVisible = false
            return
        }
        let shown = SafeAddress.display(uri)
        label.text = shown
        // The label's own text reads the same; the name is set so it is the address exactly, whatever Pango elides.
        label.setAccessibleLabel(shown)
        label.isVisible = true
        place()
    }

    /// The pointer moved over the page (page coordinates), or left it (nil).
    func pointerMoved(to point: (x: Double, y: Double)?, pageHeight: Double) {
        pointer = point
        self.pageHeight = pageHeight
        if point == nil { show(nil) } else if label.isVisible { place() }
    }

    /// Follows `webView`: its link under the pointer, and the pointer itself.
    func watch(_ webView: WebView) {
        webView.onMouseTargetChanged { [weak self] hit in self?.show(hit.linkURI) }
        let motion = EventControllerMotion()
        motion.onMotion { [weak self, weak webView] x, y in
            self?.pointerMoved(to: (x, y), pageHeight: Double(webView?.height ?? 0))
        }
        motion.onLeave { [weak self] in self?.pointerMoved(to: nil, pageHeight: 0) }
        webView.addController(motion)
        webView.onLoadChanged { [weak self] event in if event == .started { self?.show(nil) } }
    }

    private func place() {
        guard let pointer, pageHeight > 0 else { return }
        let height = pageHeight
        // Over the label's corner (its height, and a margin, at the bottom; its width at the left): go right.
        let overCorner = pointer.y > height - Double(max(label.height, 24)) - 24 && pointer.x < Double(max(label.width, 200)) + 24
        label.halign = overCorner ? .end : .start
        if overCorner { label.addCSSClass("end") } else { label.removeCSSClass("end") }
    }
}
