import BrowserModel
import Gtk

/// The browser's own notices (see `NoticeBoard`): a band across the top of the pages, above
/// whichever tab is showing, with a Dismiss button when the notice may be dismissed. Hidden (and
/// out of the accessibility tree) when there is nothing to say.
@MainActor
final class NoticeBanner {
    let root = Box(.horizontal, spacing: 12)
    let message = Label("")
    let dismissButton = Button(label: "Dismiss")

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
        dismissButton.isVisible = notice.isDismissible
        root.isVisible = true
    }

    var isShown: Bool { root.isVisible }
}
