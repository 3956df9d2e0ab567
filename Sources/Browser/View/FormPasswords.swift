import BrowserModel
import Gtk
import Logging

/// Where a tab's passwords learn whether the user said Never for a site, and say it.
@MainActor
protocol PasswordSitePolicy: AnyObject {
    func neverSavesPasswords(on site: String) -> Bool
    func neverSavePasswords(on site: String)
}

/// One tab's passwords typed into forms (docs/browser.md, "Passwords in forms"): the script in the
/// page's isolated world reports forms and submits, `FormLogins` decides, this carries out its
/// effects — the bar, the keyring (every call asynchronous), and a fill only after the user's pick.
/// A private window's tab never touches the keyring.
@MainActor
final class FormPasswords {
    let bar = PasswordBar()
    private var model: FormLogins
    private let keyring: LoginKeyring?
    private weak var webView: WebView?
    /// The page's connection was verified (https with a trusted certificate).
    var isSecure: () -> Bool = { false }
    weak var policy: PasswordSitePolicy?
    /// A save failed: the words to show (never only logged).
    var onProblem: (@MainActor (String) -> Void)?
    private let logger = Logger(label: "skiff.browser.passwords")

    init(isPrivate: Bool, keyring: LoginKeyring = .shared) {
        model = FormLogins(isPrivate: isPrivate)
        self.keyring = isPrivate ? nil : keyring
        bar.onAnswer = { [weak self] answer in self?.answered(answer) }
    }

    /// A private window's pages get no script at all: nothing of a form is even looked at.
    func watch(_ view: WebView) {
        guard keyring != nil else { return }
        webView = view
        view.addScript(FormPasswordScript.source, channel: FormPasswordScript.channel) { [weak self, weak view] text in
            guard let self, let view, view === self.webView else { return }
            self.received(text)
        }
    }

    func committed() { run(model.committed()) }

    private func received(_ text: String) {
        guard let message = FormLoginMessage.parse(text) else {
            return logger.notice("a passwords message was not understood (\(text.utf8.count) bytes)")
        }
        switch message {
        case .formFound(let origin):
            run(model.formFound(origin: origin, trustworthy: FormLogins.isTrustworthy(origin: origin, secureConnection: isSecure())))
        case .submitted(let login):
            run(model.submitted(login, trustworthy: trustworthy(login.origin), neverForSite: never(login.origin)))
        case .newPasswordFocused(let origin, let maxLength):
            run(model.newPasswordFocused(origin: origin, trustworthy: trustworthy(origin), neverForSite: never(origin),
                                         suggested: PasswordSuggestion.make(maxLength: maxLength)))
        case .rightClicked(let origin, let onPassword, let maxLength):
            passwordAtMenu = onPassword ? (origin, maxLength) : nil
        }
    }

    private func trustworthy(_ origin: String) -> Bool { FormLogins.isTrustworthy(origin: origin, secureConnection: isSecure()) }
    private func never(_ origin: String) -> Bool { Site.of(origin).map { policy?.neverSavesPasswords(on: $0) ?? false } ?? false }

    /// The password field the page said was right-clicked last (nil: the last right click was not on one).
    private var passwordAtMenu: (origin: String, maxLength: Int?)?

    /// Whether the menu opening now offers "Suggest Strong Password".
    var suggestsAtMenu: Bool {
        guard let field = passwordAtMenu else { return false }
        return model.canSuggest(trustworthy: trustworthy(field.origin), neverForSite: never(field.origin))
    }

    /// The menu's "Suggest Strong Password" was chosen.
    func suggestFromMenu() {
        guard let field = passwordAtMenu else { return }
        run(model.askedForSuggestion(origin: field.origin, trustworthy: trustworthy(field.origin), neverForSite: never(field.origin),
                                     suggested: PasswordSuggestion.make(maxLength: field.maxLength)))
    }

    private func answered(_ answer: PasswordBar.Answer) {
        switch answer {
        case .save: run(model.answeredSave(.save))
        case .never: run(model.answeredSave(.never))
        case .fill(let user): run(model.choseFill(user: user))
        case .useSuggestion: run(model.tookSuggestion())
        case .close: run(model.answeredSave(.notNow) + model.dismissedFill() + model.dismissedSuggestion())
        }
    }

    private func run(_ effects: [FormLogins.Effect]) {
        for effect in effects { perform(effect) }
    }

    private func perform(_ effect: FormLogins.Effect) {
        switch effect {
        case .lookUp(let origin):
            keyring?.formLogins(origin: origin) { [weak self] result in
                guard let self else { return }
                var kept: [FormLogin] = []
                switch result {
                case .success(let logins): kept = logins.map { FormLogin(origin: $0.server, user: $0.user, password: $0.password) }
                case .failure(let failure): self.logger.notice("no saved passwords for \(origin): \(failure.message)")
                }
                self.run(self.model.keptLogins(kept, origin: origin))
            }
        case .offerFill(let origin, let users): bar.offerFill(origin: origin, users: users)
        case .offerSave(let login, let replacing): bar.offerSave(login, replacing: replacing)
        case .hideBar: bar.hide()
        case .store(let login):
            keyring?.saveFormLogin(origin: login.origin, user: login.user, password: login.password) { [weak self] result in
                if case .failure(let failure) = result {
                    self?.onProblem?(FormLogins.saveFailed(site: Site.of(login.origin) ?? login.origin, because: failure.message))
                }
            }
        case .neverForSite(let site): policy?.neverSavePasswords(on: site)
        case .offerSuggestion(_, let password): bar.offerSuggestion(password)
        case .fillNew(let origin, let password):
            webView?.callInSkiffWorld(FormPasswordScript.fillNew, arguments: ["origin": origin, "password": password]) { [weak self] answer in
                guard let self else { return }
                switch FormLogins.suggestionFill(answer: answer) {
                case .filled(let user): self.run(self.model.filledSuggestion(origin: origin, password: password, user: user))
                case .failed(let why): self.onProblem?("The suggested password was not filled in: \(why).")
                }
            }
        case .forget(let login):
            keyring?.forgetFormLogin(origin: login.origin, user: login.user) { [weak self] result in
                if case .failure(let failure) = result {
                    self?.logger.notice("the nameless copy of a suggested password stays: \(failure.message)")
                }
            }
        case .fill(let login):
            webView?.callInSkiffWorld(FormPasswordScript.fill, arguments: ["origin": login.origin, "user": login.user, "password": login.password]) { [weak self] answer in
                guard answer != "filled" else { return }
                let why = answer == "another site" ? "the page is on another site now" : "the page has no login form now"
                self?.onProblem?("The saved password was not filled in: \(why).")
            }
        }
    }
}
