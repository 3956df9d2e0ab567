import BrowserModel
import Gtk

/// Preferences' lists of what the desktop's keyring keeps for Skiff: "Passwords" (typed into
/// pages' forms: site and user name, Copy and Remove; docs/browser.md, "Passwords in forms") and
/// "Remembered logins" (HTTP logins: site, realm and user name, Forget; "Remembered logins"). A
/// password is never shown; Copy reads it from the keyring when pressed. Read when Preferences
/// opens, asynchronously; a private window shows no list (it does not read the keyring).
@MainActor
final class KeptLoginsPreferences {
    enum Kind { case forms, http }

    /// The list taller than this scrolls.
    static let maximumHeight = 160
    let root = Box(.vertical, spacing: 6)
    private let rows = Box(.vertical, spacing: 2)
    private let kind: Kind
    private let keyring: LoginKeyring
    private var removeButtons: [Button] = []
    /// A copy or removal: what happened, for the window's status line.
    var onStatus: (@MainActor (String) -> Void)?

    init(_ kind: Kind, isPrivate: Bool, keyring: LoginKeyring = .shared) {
        self.kind = kind
        self.keyring = keyring
        let title = kind == .forms ? "Passwords" : "Remembered logins"
        let heading = Label(title)
        heading.addCSSClass("heading")
        heading.setXAlign(0)
        root.append(heading)
        guard !isPrivate else {
            note(kind == .forms ? "A private window neither saves passwords nor fills in saved ones."
                 : "A private window neither remembers logins nor uses remembered ones.")
            return
        }
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.growVertically(upTo: Self.maximumHeight)
        scroller.setChild(rows)
        rows.setAccessibleLabel(title)
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
        let show: @MainActor (Result<[StoredLogin], KeyringFailure>) -> Void = { [weak self] result in
            guard let self else { return }
            self.rows.removeAll()
            self.removeButtons = []
            switch result {
            case .failure(let failure):
                self.note("The keyring cannot be read: \(failure.message)", in: self.rows)
            case .success(let logins) where logins.isEmpty:
                self.note(self.kind == .forms ? "No password is saved." : "No login is remembered.", in: self.rows)
            case .success(let logins):
                for (index, login) in logins.enumerated() { self.rows.append(self.row(for: login, at: index)) }
                if let focus, !self.removeButtons.isEmpty { _ = self.removeButtons[min(focus, self.removeButtons.count - 1)].grabFocus() }
            }
        }
        switch kind {
        case .forms: keyring.allFormLogins(show)
        case .http: keyring.all(show)
        }
    }

    private func place(of login: StoredLogin) -> String {
        switch kind {
        case .forms: Site.of(login.server) ?? login.server
        case .http: login.realm.isEmpty ? login.server : "\(login.server) (“\(login.realm)”)"
        }
    }

    private func row(for login: StoredLogin, at index: Int) -> Widget {
        let row = Box(.horizontal, spacing: 12)
        let place = place(of: login)
        let user = login.user.isEmpty ? "(no user name)" : login.user
        let label = Label("\(place) — \(user)")
        label.hexpand = true
        label.setXAlign(0)
        label.wrapAnywhere()
        row.append(label)
        if kind == .forms {
            let copy = Button(label: "Copy")
            copy.setAccessibleLabel("Copy the password for \(user) on \(place)")
            copy.tooltip = "Put the password on the clipboard"
            copy.onClicked { [weak self] in self?.copyPassword(of: login, place: place) }
            row.append(copy)
        }
        let remove = Button(label: kind == .forms ? "Remove" : "Forget")
        remove.setAccessibleLabel(kind == .forms ? "Remove the password for \(user) on \(place)" : "Forget the login for \(place)")
        remove.tooltip = "Remove the password from the keyring"
        remove.onClicked { [weak self] in self?.remove(login, place: place, at: index) }
        removeButtons.append(remove)
        row.append(remove)
        return row
    }

    private func copyPassword(of login: StoredLogin, place: String) {
        keyring.formLogins(origin: login.server) { [weak self] result in
            switch result {
            case .success(let logins):
                guard let kept = logins.first(where: { $0.user == login.user }) else {
                    self?.onStatus?("The password for \(place) is no longer saved.")
                    return
                }
                Clipboard.setText(kept.password)
                self?.onStatus?("The password for \(place) is on the clipboard.")
            case .failure(let failure):
                self?.onStatus?("The password for \(place) could not be read: \(failure.message)")
            }
        }
    }

    private func remove(_ login: StoredLogin, place: String, at index: Int) {
        let done: @MainActor (Result<Void, KeyringFailure>) -> Void = { [weak self] result in
            guard let self else { return }
            if case .failure(let failure) = result {
                self.note("The password for \(place) could not be removed: \(failure.message)", in: self.rows)
                return
            }
            self.fill(focus: index)
        }
        switch kind {
        case .forms: keyring.forgetFormLogin(origin: login.server, user: login.user, done)
        case .http: keyring.forget(server: login.server, realm: login.realm, done)
        }
    }
}
