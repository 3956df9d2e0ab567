import BrowserModel
import Gtk

/// Slides down over the page when its web process dies: what happened, and a Reload button.
@MainActor
final class CrashBanner {
    let revealer = Revealer(transition: .slideDown)
    let message = Label("")
    let reloadButton = Button(label: "Reload")

    /// What the button does instead of reloading, for a notice that offers something else.
    private var action: (@MainActor () -> Void)?

    init(onReload: @escaping @MainActor () -> Void) {
        let row = Box(.horizontal, spacing: 12)
        row.addCSSClass("skiff-error-banner")
        message.wraps = true
        message.hexpand = true
        message.setXAlign(0)
        reloadButton.setAccessibleLabel("Reload the page")
        reloadButton.addCSSClass("suggested-action")
        reloadButton.onClicked { [weak self] in
            guard let self, let action = self.action else { return onReload() }
            self.hide()
            action()
        }
        row.append(message)
        row.append(reloadButton)
        revealer.setChild(row)
        revealer.valign = .start
        revealer.setAccessibleLabel("Page crashed")
    }

    /// - Parameter offersReload: false for a notice that Reload cannot help (a refused address,
    ///   an unreadable database): then the banner only explains.
    func show(_ text: String, offersReload: Bool = true) {
        action = nil
        reloadButton.label = "Reload"
        reloadButton.setAccessibleLabel("Reload the page")
        message.text = text
        reloadButton.isVisible = offersReload
        revealer.setAccessibleLabel(offersReload ? "Page crashed" : "Notice")
        revealer.revealsChild = true
    }

    /// A notice whose button does `action` (a blocked pop-up's "Allow Once").
    func offer(_ text: String, button: String, action: @escaping @MainActor () -> Void) {
        self.action = action
        message.text = text
        reloadButton.label = button
        reloadButton.setAccessibleLabel(button)
        reloadButton.isVisible = true
        revealer.setAccessibleLabel("Notice")
        revealer.revealsChild = true
    }

    func hide() { revealer.revealsChild = false }
    var isShown: Bool { revealer.revealsChild }
}
