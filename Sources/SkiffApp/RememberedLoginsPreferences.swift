import Gtk

/// Preferences' "Remembered logins": the HTTP logins kept in the desktop's keyring (site, realm and
/// user name — never the password), each with a Forget button (docs/browser.md, "Remembered
/// logins"). Read when Preferences opens, asynchronously; a private window shows no list (it does
/// not read the keyring).
@MainActor
final class RememberedLoginsPreferences {
    /// The list taller than this scrolls.
    static let maximumHeight = 160
    let root = Box(.vertical, spacing: 6)
    private let rows = Box(.vertical, spacing: 2)
    private let keyring: LoginKeyring
    private var forgetButtons: [Button] = []

    init(isPrivate: Bool, keyring: LoginKeyring = .shared) {
        self.keyring = keyring
        let heading = Label("Remembered logins")
        heading.addCSSClass("heading")
        heading.setXAlign(0)
        root.append(heading)
        guard !isPrivate else {
            note("A private window neither remembers logins nor uses remembered ones.")
            return
        }
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.growVertically(upTo: Self.maximumHeight)
        scroller.setChild(rows)
        rows.setAccessibleLabel("Remembered logins")
        root.append(scroller)
        fill()
    }

    private func note(_ text: String, in box: Box? = nil) {
        let label = Label(text)
        label.wraps = true
        label.setXAlign(0)
        label.addCSSClass("dim-label")
        (box ?? root).append(label)
    }

    private func fill(focus: Int? = nil) {
        keyring.all { [weak self] result in
            guard let self else { return }
            self.rows.removeAll()
            self.forgetButtons = []
            switch result {
            case .failure(let failure):
                self.note("The keyring cannot be read: \(failure.message)", in: self.rows)
            case .success(let logins) where logins.isEmpty:
                self.note("No login is remembered.", in: self.rows)
            case .success(let logins):
                for (index, login) in logins.enumerated() { self.rows.append(self.row(for: login, at: index)) }
                if let focus, !self.forgetButtons.isEmpty { _ = self.forgetButtons[min(focus, self.forgetButtons.count - 1)].grabFocus() }
            }
        }
    }

    private func row(for login: StoredLogin, at index: Int) -> Widget {
        let row = Box(.horizontal, spacing: 12)
        let place = login.realm.isEmpty ? login.server : "\(login.server) (“\(login.realm)”)"
        let label = Label("\(place) — \(login.user)")
        label.hexpand = true
        label.setXAlign(0)
        label.wrapAnywhere()
        let forget = Button(label: "Forget")
        forget.setAccessibleLabel("Forget the login for \(place)")
        forget.tooltip = "Remove the password from the keyring"
        forget.onClicked { [weak self] in
            guard let self else { return }
            self.keyring.forget(server: login.server, realm: login.realm) { [weak self] result in
                guard let self else { return }
                if case .failure(let failure) = result {
                    self.note("The login for \(place) could not be forgotten: \(failure.message)", in: self.rows)
                    return
                }
                self.fill(focus: index)
            }
        }
        forgetButtons.append(forget)
        row.append(label)
        row.append(forget)
        return row
    }
}
