import BrowserModel
import Gtk

/// Slides down over the page when its web process dies: what happened, and a Reload button.
@MainActor
final class CrashBanner {
    let revealer = Revealer(transition: .slideDown)
    let message = Label("")
    let reloadButton = Button(label: "Reload")

    init(onReload: @escaping @MainActor () -> Void) {
        let row = Box(.horizontal, spacing: 12)
        row.addCSSClass("skiff-error-banner")
        message.wraps = true
        message.hexpand = true
        message.setXAlign(0)
        reloadButton.setAccessibleLabel("Reload the page")
        reloadButton.addCSSClass("suggested-action")
        reloadButton.onClicked(onReload)
        row.append(message)
        row.append(reloadButton)
        revealer.setChild(row)
        revealer.valign = .start
        revealer.setAccessibleLabel("Page crashed")
    }

    /// - Parameter offersReload: false for a notice that Reload cannot help (a refused address,
    ///   an unreadable database): then the banner only explains.
    func show(_ text: String, offersReload: Bool = true) {
        message.text = text
        reloadButton.isVisible = offersReload
        revealer.setAccessibleLabel(offersReload ? "Page crashed" : "Notice")
        revealer.revealsChild = true
    }

    func hide() { revealer.revealsChild = false }
    var isShown: Bool { revealer.revealsChild }
}
