import Foundation
import Gtk

/// "Add Feed…": an address (a feed's, or a site's whose page links to its feed), Add and Cancel.
/// The window stays while the feed is fetched, and says what went wrong if it could not be added.
@MainActor
final class AddFeedDialog {
    let window = Window()
    let entry = Entry()
    private let status = Label()
    private let addButton = Button(label: "Add")
    /// The address typed; `done` is called with nil when it was added (the dialog closes), or the
    /// message to show under the entry.
    var onAdd: ((String, _ done: @escaping @MainActor (String?) -> Void) -> Void)?

    init(transientFor parent: Window) {
        window.title = "Add Feed"
        window.setDefaultSize(width: 460, height: 10)
        window.setTransient(for: parent)
        window.isModal = true

        let column = Box(.vertical, spacing: 12)
        column.setMargins(top: 24, bottom: 24, start: 24, end: 24)
        let prompt = Label("A feed’s address, or a site’s: Skiff finds the site’s feed.")
        prompt.setXAlign(0)
        prompt.wraps = true
        column.append(prompt)
        entry.placeholder = "https://example.org/feed.xml"
        entry.setInputPurposeURL()
        entry.setAccessibleLabel("Feed or site address")
        entry.onActivate { [weak self] in self?.add() }
        column.append(entry)
        status.setXAlign(0)
        status.wraps = true
        status.selectable = true
        status.isVisible = false
        column.append(status)

        let buttons = Box(.horizontal, spacing: 8)
        buttons.halign = .end
        let cancel = Button(label: "Cancel")
        cancel.onClicked { [weak self] in self?.window.close() }
        addButton.addCSSClass("suggested-action")
        addButton.onClicked { [weak self] in self?.add() }
        buttons.append(cancel)
        buttons.append(addButton)
        column.append(buttons)
        window.setChild(column)

        window.closesOnEscape()
    }

    /// The message under the entry ("This address is a web page, not a feed…"), as shown.
    var message: String? { status.isVisible ? status.text : nil }

    func present() {
        window.present()
        entry.grabFocus()
    }

    private func add() {
        let typed = entry.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty, addButton.isSensitive else { return }
        addButton.isSensitive = false
        status.text = "Looking for the feed…"
        status.isVisible = true
        onAdd?(typed) { [weak self] problem in
            guard let self else { return }
            self.addButton.isSensitive = true
            if let problem {
                self.status.text = problem
                self.entry.grabFocus()
            } else {
                self.window.close()
            }
        }
    }
}
