import BrowserModel
import Gtk

/// The bar over one tab's page that tells of a pop-up window the page tried to open with no click
/// (docs/browser.md, "Pop-ups"): the site, **Allow Once**, **Always Allow for This Site**, and a
/// close button. It stays until it is answered or closed, or the tab shows another page — nothing
/// else the page does (its title, its progress) takes it away.
@MainActor
final class PopUpBar {
    let revealer = Revealer(transition: .slideDown)
    private let message = Label("")
    private let allowOnceButton = Button(label: "Allow Once")
    private let alwaysButton = Button(label: "Always Allow for This Site")
    private let closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: "Close")
    /// The blocked addresses since the bar was shown, oldest first (the last few only).
    private(set) var blocked: [String] = []
    static let kept = 5
    /// Open these (Allow Once), or open them and allow the site from now on (always).
    private var answer: (@MainActor (_ uris: [String], _ always: Bool) -> Void)?

    init() {
        let row = Box(.horizontal, spacing: 12)
        row.addCSSClass("skiff-permission-bar")
        message.wraps = true
        message.hexpand = true
        message.setXAlign(0)
        allowOnceButton.addCSSClass("suggested-action")
        closeButton.hasFrame = false
        allowOnceButton.onClicked { [weak self] in self?.answered(always: false) }
        alwaysButton.onClicked { [weak self] in self?.answered(always: true) }
        closeButton.onClicked { [weak self] in self?.dismiss() }
        row.append(message)
        row.append(alwaysButton)
        row.append(allowOnceButton)
        row.append(closeButton)
        revealer.setChild(row)
        revealer.valign = .start
        revealer.setAccessibleLabel("Pop-up blocked")
        revealer.hidesWhenSlidAway()
    }

    var isShown: Bool { revealer.revealsChild }

    /// Tab out of the page comes here while the bar is shown (its keyboard path).
    func focusInto() -> Bool { isShown && allowOnceButton.grabFocus() }

    /// A pop-up to `uri` from `site` was blocked: shown (or counted, when the bar is up already).
    func blocked(_ uri: String, site: String, answer: @escaping @MainActor (_ uris: [String], _ always: Bool) -> Void) {
        self.answer = answer
        blocked.append(uri)
        if blocked.count > Self.kept { blocked.removeFirst(blocked.count - Self.kept) }
        let count = blocked.count
        let text = count == 1 ? "Skiff blocked a pop-up window from \(site)." : "Skiff blocked \(count) pop-up windows from \(site)."
        message.text = text
        message.setAccessibleLabel(text)
        alwaysButton.setAccessibleLabel("Always Allow Pop-ups for \(site)")
        revealer.slideIn()
    }

    private func answered(always: Bool) {
        let uris = blocked, pending = answer
        dismiss()
        pending?(uris, always)
    }

    /// Closed, or the tab shows another page: nothing is opened.
    func dismiss() {
        answer = nil
        blocked = []
        revealer.slideOut()
    }
}
