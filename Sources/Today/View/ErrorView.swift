import Foundation
import Gtk

/// What the Today section shows instead of a blank window when its feed cannot be shown at all:
/// what went wrong, where (file, line, column), and a way to try again after fixing it.
@MainActor
final class ErrorView {
    let root = Box(.vertical, spacing: 12)
    private let messageLabel = Label()
    var onRetry: (() -> Void)?

    init(title: String, message: String) {
        root.addCSSClass("today-error")
        root.valign = .center
        root.halign = .center
        root.setMargins(top: 32, bottom: 32, start: 32, end: 32)
        let icon = Label("⚠")
        icon.addCSSClass("today-error-icon")
        let heading = Label(title)
        heading.addCSSClass("title-2")
        heading.setAccessibleLabel(title)
        messageLabel.text = message
        messageLabel.wraps = true
        messageLabel.selectable = true
        messageLabel.maxWidthChars = 80
        messageLabel.setXAlign(0)
        messageLabel.addCSSClass("today-error-message")
        let retry = Button(label: "Try Again")
        retry.halign = .center
        retry.addCSSClass("suggested-action")
        retry.onClicked { [weak self] in self?.onRetry?() }
        root.append(icon)
        root.append(heading)
        root.append(messageLabel)
        root.append(retry)
        self.retry = retry
    }

    private var retry: Button?
    /// Focus goes to the action, not the message (a focused selectable label selects all its text).
    func focusDefault() { retry?.grabFocus() }

    var message: String { messageLabel.text }
}
