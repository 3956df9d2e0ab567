import BrowserModel
import Gtk

/// The bar over one tab's page for passwords typed into its forms (docs/browser.md, "Passwords in
/// forms"): after a login, **Save** / **Never for This Site** / close; on a page with a login form
/// and kept logins, **Fill** with a choice of user when there are several; in a field for a new
/// password, **Use Password** with a strong one shown. Outside the page, so the
/// page can neither press it nor read what it offers; at the page's foot, so it never covers the
/// login form at its top.
@MainActor
final class PasswordBar {
    let revealer = Revealer(transition: .slideUp)
    private let row = Box(.horizontal, spacing: 12)
    private let message = Label("")
    private let neverButton = Button(label: "Never for This Site")
    private let saveButton = Button(label: "Save")
    private let fillButton = Button(label: "Fill")
    private let useButton = Button(label: "Use Password")
    private var users: DropDown?
    private let closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: "Close")
    private var shownUsers: [String] = []

    enum Answer { case save, never, fill(user: String), useSuggestion, close }
    var onAnswer: (@MainActor (Answer) -> Void)?

    init() {
        row.addCSSClass("skiff-permission-bar")
        row.addCSSClass("skiff-password-bar")
        message.wraps = true
        message.hexpand = true
        message.setXAlign(0)
        saveButton.addCSSClass("suggested-action")
        fillButton.addCSSClass("suggested-action")
        useButton.addCSSClass("suggested-action")
        useButton.setAccessibleLabel("Use the suggested password")
        useButton.onClicked { [weak self] in self?.onAnswer?(.useSuggestion) }
        closeButton.hasFrame = false
        saveButton.onClicked { [weak self] in self?.onAnswer?(.save) }
        neverButton.onClicked { [weak self] in self?.onAnswer?(.never) }
        fillButton.onClicked { [weak self] in
            guard let self else { return }
            let index = self.users?.selected ?? 0
            guard self.shownUsers.indices.contains(index) else { return }
            self.onAnswer?(.fill(user: self.shownUsers[index]))
        }
        closeButton.onClicked { [weak self] in self?.onAnswer?(.close) }
        row.append(message)
        for button in [neverButton, saveButton, fillButton, useButton, closeButton] { row.append(button) }
        revealer.setChild(row)
        revealer.valign = .end
        revealer.setAccessibleLabel("Saved passwords")
        revealer.hidesWhenSlidAway()
    }

    var isShown: Bool { revealer.revealsChild }

    /// Tab out of the page comes here while the bar is shown (its keyboard path).
    func focusInto() -> Bool {
        guard isShown else { return false }
        if saveButton.isVisible { return saveButton.grabFocus() }
        return useButton.isVisible ? useButton.grabFocus() : fillButton.grabFocus()
    }

    func offerSave(_ login: FormLogin, replacing: Bool) {
        show(FormLogins.saveQuestion(login, replacing: replacing))
        saveButton.label = replacing ? "Update" : "Save"
        saveButton.isVisible = true
        neverButton.isVisible = !replacing
        fillButton.isVisible = false
        useButton.isVisible = false
        setUsers([])
    }

    /// A field for a new password has the focus: this strong one, on the user's Use.
    func offerSuggestion(_ password: String) {
        show(FormLogins.suggestionQuestion(password))
        saveButton.isVisible = false
        neverButton.isVisible = false
        fillButton.isVisible = false
        useButton.isVisible = true
        setUsers([])
    }

    func offerFill(origin: String, users: [String]) {
        show(FormLogins.fillQuestion(origin: origin, users: users))
        saveButton.isVisible = false
        neverButton.isVisible = false
        fillButton.isVisible = true
        useButton.isVisible = false
        setUsers(users)
        fillButton.setAccessibleLabel(users.count == 1 ? "Fill in the saved password" : "Fill in the password of the chosen user")
    }

    func hide() { revealer.slideOut() }

    private func show(_ text: String) {
        message.text = text
        message.setAccessibleLabel(text)
        revealer.slideIn()
    }

    /// Several users: a drop-down to choose from, before Fill.
    private func setUsers(_ names: [String]) {
        shownUsers = names
        if let users { row.remove(users) }
        users = nil
        guard names.count > 1 else { return }
        let choice = DropDown(items: names.map { $0.isEmpty ? "(no user name)" : $0 }, accessibleLabel: "User")
        row.insert(choice, after: message)
        users = choice
    }
}
