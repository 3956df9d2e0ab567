import Foundation
import Gtk

/// History's full-page states: loading, each failure and the empty history. Always a heading
/// that says what happened, a sentence that says what to do, and (except while loading) Try Again.
@MainActor
final class HistoryStatusView {
    let root = Box(.vertical, spacing: 12)
    private let spinner = Spinner()
    private let icon = Image(iconName: "dialog-warning-symbolic", pixelSize: 64)
    let heading = Label(heading: "")
    let message = Label()
    let retry = Button(label: "Try Again")
    var onRetry: (() -> Void)?

    init() {
        root.addCSSClass("history-status")
        root.valign = .center
        root.halign = .center
        root.setMargins(top: 32, bottom: 32, start: 24, end: 24)
        icon.addCSSClass("dim-label")
        spinner.setSizeRequest(width: 32, height: 32)
        heading.addCSSClass("title-2")
        heading.wraps = true
        heading.maxWidthChars = 40
        message.wraps = true
        message.selectable = true
        message.maxWidthChars = 60
        message.addCSSClass("history-status-message")
        message.centreLines()
        heading.centreLines()
        retry.halign = .center
        retry.addCSSClass("suggested-action")
        retry.addCSSClass("pill")
        retry.setAccessibleLabel("Try Again")
        retry.onClicked { [weak self] in self?.onRetry?() }
        for w in [spinner, icon, heading, message, retry] as [Widget] { root.append(w) }
    }

    func showLoading() {
        spinner.isVisible = true
        spinner.isSpinning = true
        icon.isVisible = false
        heading.text = "Loading your history…"
        message.isVisible = false
        retry.isVisible = false
    }

    func show(iconName: String, title: String, text: String) {
        spinner.isSpinning = false
        spinner.isVisible = false
        icon.setIconName(iconName)
        icon.isVisible = true
        heading.text = title
        message.text = text
        message.isVisible = !text.isEmpty
        retry.isVisible = true
    }

    /// Focus goes to the action, not the message (a focused selectable label selects its text).
    func focusDefault() { if retry.isVisible { retry.grabFocus() } }
}
