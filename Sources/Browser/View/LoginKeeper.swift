import BrowserModel
import Foundation
import Gtk
import Logging

/// A tab's HTTP logins and the desktop's keyring: offers "Remember password" on the login card,
/// fills the card with a kept login, and writes one to the keyring once the site accepted it — all
/// decided by `LoginMemory`, every keyring call asynchronous (docs/browser.md, "Remembered logins").
/// A private window's keeper never touches the keyring.
@MainActor
final class LoginKeeper {
    private var memory: LoginMemory
    private let keyring: LoginKeyring?
    private let dialogs: PageDialogs
    private var watch: UUID?
    /// A save or forget failed: the words to show (never only logged).
    var onProblem: (@MainActor (String) -> Void)?
    private let logger = Logger(label: "skiff.browser.logins")

    init(isPrivate: Bool, dialogs: PageDialogs, keyring: LoginKeyring = .shared) {
        memory = LoginMemory(isPrivate: isPrivate)
        self.keyring = isPrivate ? nil : keyring
        self.dialogs = dialogs
        dialogs.onLoginAnswered = { [weak self] request, answer in self?.answered(request, answer) }
        // Reached when the first card of the tab is made (the box waits until it is known), and kept up to date while a card is shown.
        watch = self.keyring?.watch { [weak self] _ in self?.keyringChanged() }
    }

    isolated deinit {
        if let watch { keyring?.stopWatching(watch) }
    }

    private var keyringState: KeyringState {
        switch keyring?.availability {
        case nil: .unavailable(reason: "")
        case .checking: .checking
        case .available: .available
        case .unavailable(let reason): .unavailable(reason: reason)
        }
    }

    /// A site asks for a user name and password.
    func asked(_ request: AuthenticationRequest, focus: Bool) {
        let state = keyringState
        // The site chooses the realm: what is kept under it is bounded like what the card shows.
        let server = request.server, realm = String(request.realm.prefix(PageDialogs.maximumRealmLength))
        let plan = memory.asked(server: server, realm: realm, isRetry: request.isRetry, keyring: state)
        dialogs.presentLogin(request, focus: focus, box: memory.box(keyring: state), problem: plan.problem, ticked: plan.ticks)
        guard dialogs.shownLogin === request, plan.looksUp, let keyring else { return }
        keyring.lookup(server: server, realm: realm) { [weak self, weak request] result in
            guard let self, let request, self.dialogs.shownLogin === request else { return }
            switch result {
            case .success(let kept):
                let typed = self.dialogs.typedLogin
                let login = kept.map { RememberedLogin(server: $0.server, realm: $0.realm, user: $0.user, password: $0.password) }
                if let fill = self.memory.found(login, typedUser: typed.user, typedPassword: typed.password) {
                    self.dialogs.fillRemembered(user: fill.user, password: fill.password)
                }
            case .failure(let failure):
                // Nothing was lost: the card simply stays empty.
                self.logger.notice("no remembered login for \(server): \(failure.message)")
            }
        }
    }

    private func keyringChanged() {
        guard dialogs.shownLogin != nil else { return }
        dialogs.showRememberBox(memory.box(keyring: keyringState))
    }

    private func answered(_ request: AuthenticationRequest, _ answer: PageDialogs.LoginAnswer) {
        switch answer {
        case .cancel:
            memory.cancelled()
        case .logIn(let user, let password, let remember):
            memory.answered(user: user, password: password, remember: remember)
            request.onAuthenticated { [weak self] in self?.succeeded() }
        }
    }

    private func succeeded() {
        guard let effect = memory.succeeded(), let keyring else { return }
        switch effect {
        case .save(let login):
            keyring.save(StoredLogin(server: login.server, realm: login.realm, user: login.user, password: login.password)) { [weak self] result in
                if case .failure(let failure) = result {
                    self?.onProblem?(LoginMemory.saveFailed(server: login.server, because: failure.message))
                }
            }
        case .forget(let server, let realm):
            keyring.forget(server: server, realm: realm) { [weak self] result in
                if case .failure(let failure) = result {
                    self?.onProblem?("The password kept for \(server) could not be forgotten: \(failure.message)")
                }
            }
        }
    }
}
