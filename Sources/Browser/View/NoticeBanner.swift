import BrowserModel
import Gtk

/// The browser's own notices (see `NoticeBoard`): a band across the top of the pages, above
/// whichever tab is showing, with a Dismiss button when the notice may be dismissed. Hidden (and
/// out of the accessibility tree) when there is nothing to say.
@MainActor
final class NoticeBanner {
    /// An alert: a screen reader speaks a notice when it appears (a finished download, a failed save).
    let root = Box(.horizontal, spacing: 12, role: .alert)
    let message = Label("")
    let dismissButton = Button(label: "Dismiss")
    /// The notice's own buttons (a download's Open, Show in Folder), before Dismiss.
    private(set) var actionButtons: [Button] = []
    private var shownActions: [NoticeBoard.Action] = []
    /// What there is to say, and what of it is shown (the model: NoticeBoard).
    var board = NoticeBoard()
    /// Performs a notice's action; the notice stays.
    var onAction: (@MainActor (NoticeBoard.Action) -> Void)?

    init(onDismiss: @escaping @MainActor () -> Void) {
        root.addCSSClass("skiff-error-banner")
        root.addCSSClass("skiff-notice")
        message.wraps = true
        message.selectable = true
        message.hexpand = true
        message.setXAlign(0)
        dismissButton.setAccessibleLabel("Dismiss the notice")
        dismissButton.valign = .center
        dismissButton.onClicked(onDismiss)
        root.append(message)
        root.append(dismissButton)
        root.setAccessibleLabel("Notice")
        root.isVisible = false
    }

    func show(_ notice: NoticeBoard.Notice?) {
        guard let notice else {
            root.isVisible = false
            return
        }
        if message.text != notice.text { message.text = notice.text }
        message.setAccessibleLabel(notice.text)
        if notice.actions != shownActions { showActions(notice.actions) }
        if notice.kind == .downloaded { root.addCSSClass("skiff-notice-done") } else { root.removeCSSClass("skiff-notice-done") }
        dismissButton.isVisible = notice.isDismissible
        root.isVisible = true
    }

    var isShown: Bool { root.isVisible }

    private func showActions(_ actions: [NoticeBoard.Action]) {
        for button in actionButtons { root.remove(button) }
        shownActions = actions
        actionButtons = actions.map { action in
            let button = Button(label: action.label)
            button.valign = .center
            button.onClicked { [weak self] in self?.onAction?(action) }
            return button
        }
        var previous: Widget = message
        for button in actionButtons {
            root.insert(button, after: previous)
            previous = button
        }
    }
}
