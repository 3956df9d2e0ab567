import BrowserModel
import Foundation
import Gtk

/// A page's `alert`, `confirm`, `prompt` and "leave this page?", and a site asking for a user name
/// and password, shown over its own tab: a card in the middle of the page over a veiled page. The window stays usable — other tabs switch, the
/// chrome works — and only this page waits (its script is blocked until the answer anyway).
/// Enter answers OK, Escape Cancel (docs/browser.md, "Dialogs pages ask for").
@MainActor
final class PageDialogs {
    /// Covers the tab's page while a dialog is shown.
    let root = Canvas(role: .dialog, label: "") { _, _, _ in }
    private let card = Box(.vertical, spacing: 12)
    private let heading = Label("")
    private let message = Label("")
    private let problem = Label("")
    private let field = Entry()
    private let password = Entry()
    private let quiet = CheckButton(label: "Don’t allow more dialogs from this page")
    /// A login card's "Remember password" (LoginKeeper decides when it is offered).
    private let remember = CheckButton(label: "Remember password")
    private let cancelButton = Button(label: "Cancel")
    private let okButton = Button(label: "OK")
    private var run = ScriptDialogRun()
    private enum Pending {
        case script(ScriptDialog)
        case login(AuthenticationRequest)
    }
    private var pending: Pending?
    /// The user name last tried on this tab, offered again when the site refuses the password.
    private var lastUser: String?
    /// How a login card was answered: `remember` is the box as it was (false where it was not offered).
    enum LoginAnswer {
        case logIn(user: String, password: String, remember: Bool)
        case cancel
    }
    /// A login card was answered, just before the answer goes to WebKit.
    var onLoginAnswered: (@MainActor (AuthenticationRequest, LoginAnswer) -> Void)?
    /// A dialog came or went: the tab lets its page take the focus or not, and gives it back the
    /// focus the dialog had (`hadFocus`).
    var onShownChanged: (@MainActor (_ shown: Bool, _ hadFocus: Bool) -> Void)?

    init() {
        root.addCSSClass("skiff-script-dialog-backdrop")
        card.addCSSClass("skiff-script-dialog")
        heading.addCSSClass("heading")
        heading.wraps = true
        heading.setXAlign(0)
        message.wraps = true
        message.setXAlign(0)
        message.maxWidthChars = 50
        field.maxLength = ScriptDialogRun.maximumPromptLength
        field.setAccessibleLabel("Answer")
        password.maxLength = ScriptDialogRun.maximumPromptLength
        password.hidesText()
        password.placeholder = "Password"
        password.setAccessibleLabel("Password")
        problem.addCSSClass("error")
        problem.wraps = true
        problem.setXAlign(0)
        remember.setAccessibleLabel("Remember password")
        okButton.addCSSClass("suggested-action")
        let buttons = Box(.horizontal, spacing: 8)
        buttons.halign = .end
        buttons.homogeneous = true
        buttons.append(cancelButton)
        buttons.append(okButton)
        for widget in [heading, problem, message, field, password, remember, quiet, buttons] as [Widget] { card.append(widget) }
        root.addChild(card)
        root.setFocusOrder { [weak self] in self.map { [$0.card] } ?? [] }
        root.onDraw { [weak self] snapshot, w, h in
            guard let self else { return }
            // The page under it veiled in the window's colour: it cannot be used until the answer.
            snapshot.fill(Rect(x: 0, y: 0, width: w, height: h), color: self.root.themeColors.window.withAlpha(0.6))
            snapshot.child(self.card, of: self.root)
        }
        root.onAllocate { [weak self] w, h in self?.placeCard(width: Double(w), height: Double(h)) }
        okButton.onClicked { [weak self] in self?.answer(accepting: true) }
        cancelButton.onClicked { [weak self] in self?.answer(accepting: false) }
        field.onActivate { [weak self] in self?.answer(accepting: true) }
        password.onActivate { [weak self] in self?.answer(accepting: true) }
        // Enter anywhere in the card is OK (on Cancel it is Cancel, as a focused button's own key).
        let keys = EventControllerKey()
        keys.phase = .capture
        keys.onPressed { [weak self] keyval, _ in
            guard let self, keyval == Key.enter || keyval == Key.kpEnter else { return false }
            self.answer(accepting: !self.cancelButton.hasFocus)
            return true
        }
        card.addController(keys)
        root.isVisible = false
    }

    var isShown: Bool { pending != nil }
    /// The message shown, as its label reads (tests).
    var messageText: String { message.text }

    /// A page's dialog: shown (and focused when `focus`), or answered Cancel at once if the page
    /// was told to be quiet or already has one open.
    func present(_ dialog: ScriptDialog, site: String, focus: Bool) {
        // Answered once WebKit's signal has returned: WebKit lets go of the dialog after emitting
        // it, and crashes when it was closed from inside the handler.
        guard pending == nil else { return MainLoop.idle { dialog.cancel() } }
        switch run.arrived(now: ProcessInfo.processInfo.systemUptime) {
        case .answerCancel:
            // A page told to be quiet may not keep the user either: "leave this page?" lets them leave.
            MainLoop.idle { if dialog.kind == .leavePage { dialog.accept() } else { dialog.cancel() } }
        case .show(let offersBlocking):
            pending = .script(dialog)
            render(dialog, site: site, offersBlocking: offersBlocking)
            shown(focus: focus)
        }
    }

    /// A site asks for a user name and password: the card names the site and its realm, and says
    /// when the last answer was refused. Not counted among the page's dialogs, never silenced.
    func presentLogin(_ request: AuthenticationRequest, focus: Bool, box: RememberBox, problem refusal: String?, ticked: Bool) {
        guard pending == nil else { return MainLoop.idle { request.cancel() } }
        pending = .login(request)
        let site = request.port == 80 || request.port == 443 || request.port == 0 ? request.host : "\(request.host):\(request.port)"
        let title = "Log in to \(site)"
        heading.text = title
        root.setAccessibleLabel(title)
        let realm = String(request.realm.prefix(Self.maximumRealmLength))
        let text = realm.isEmpty ? "The site asks for a user name and password." : "The site asks for a user name and password for “\(realm)”."
        message.text = text
        message.setAccessibleLabel(text)
        message.isVisible = true
        let refused = refusal ?? ""
        problem.text = refused
        problem.setAccessibleLabel(refused)
        problem.isVisible = refusal != nil
        remember.isActive = ticked
        showRememberBox(box)
        field.text = request.proposedUser ?? (request.isRetry ? lastUser : nil) ?? ""
        field.placeholder = "User name"
        field.setAccessibleLabel("User name")
        field.isVisible = true
        password.text = ""
        password.isVisible = true
        quiet.isVisible = false
        cancelButton.isVisible = true
        cancelButton.label = "Cancel"
        okButton.label = "Log In"
        root.queueAllocate()
        shown(focus: focus)
    }

    /// The login card shown now, if any.
    var shownLogin: AuthenticationRequest? {
        if case .login(let request) = pending { return request }
        return nil
    }

    /// What is typed in the login card's fields.
    var typedLogin: (user: String, password: String) { (field.text, password.text) }

    /// "Remember password" as offered (the keyring came or went while the card is shown).
    func showRememberBox(_ box: RememberBox) {
        switch box {
        case .hidden:
            remember.isVisible = false
        case .offered:
            remember.isVisible = true
            remember.isSensitive = true
            remember.tooltip = "Keep the password in the keyring for this site"
            remember.setAccessibleDescription("Keep the password in the keyring for this site")
        case .insensitive(let explanation):
            remember.isVisible = true
            remember.isActive = false
            remember.isSensitive = false
            remember.tooltip = explanation
            remember.setAccessibleDescription(explanation)
        }
    }

    /// A kept login for the site: filled in, the box ticked, Log In focused when the card has the focus.
    func fillRemembered(user: String, password text: String) {
        field.text = user
        password.text = text
        remember.isActive = true
        if root.containsFocus { _ = okButton.grabFocus() }
    }

    /// The longest realm named, in characters (the site chooses it).
    static let maximumRealmLength = 200

    private func shown(focus: Bool) {
        root.isVisible = true
        onShownChanged?(true, false)
        if focus { _ = self.focus() }
    }

    /// The focus into the dialog (the field of a prompt, else OK): false when none is shown.
    @discardableResult
    func focus() -> Bool {
        switch pending {
        case nil: return false
        case .login: return field.text.isEmpty ? field.grabFocus() : password.grabFocus()
        case .script(let dialog):
            if case .prompt = dialog.kind { return field.grabFocus() }
            return okButton.grabFocus()
        }
    }

    /// Escape: Cancel; false when no dialog is shown.
    func cancel() -> Bool {
        guard pending != nil else { return false }
        answer(accepting: false)
        return true
    }

    /// The tab went to another page.
    func navigated() { run.navigated() }

    private func render(_ dialog: ScriptDialog, site: String, offersBlocking: Bool) {
        let title = dialog.kind == .leavePage ? "Leave this page?" : "\(site) says"
        heading.text = title
        root.setAccessibleLabel(title)
        let text = dialog.kind == .leavePage
            ? "Changes you made on \(site) may not be saved."
            : ScriptDialogRun.shown(dialog.message)
        message.text = text
        message.setAccessibleLabel(text)
        message.isVisible = !text.isEmpty
        problem.isVisible = false
        password.isVisible = false
        remember.isVisible = false
        field.placeholder = nil
        field.setAccessibleLabel("Answer")
        if case .prompt(let defaultText) = dialog.kind {
            field.text = String(defaultText.prefix(ScriptDialogRun.maximumPromptLength))
            field.isVisible = true
            field.selectAll()
        } else {
            field.isVisible = false
        }
        quiet.isActive = false
        quiet.isVisible = offersBlocking
        cancelButton.isVisible = dialog.kind != .alert
        cancelButton.label = dialog.kind == .leavePage ? "Stay" : "Cancel"
        okButton.label = dialog.kind == .leavePage ? "Leave" : "OK"
        root.queueAllocate()
    }

    private func answer(accepting: Bool) {
        guard let answered = pending else { return }
        pending = nil
        let hadFocus = root.containsFocus
        root.isVisible = false
        switch answered {
        case .script(let dialog):
            run.answered(now: ProcessInfo.processInfo.systemUptime, blockingMore: quiet.isVisible && quiet.isActive)
            if accepting { dialog.accept(text: field.text) } else { dialog.cancel() }
        case .login(let request):
            lastUser = accepting ? field.text : nil
            onLoginAnswered?(request, accepting
                ? .logIn(user: field.text, password: password.text, remember: remember.isVisible && remember.isSensitive && remember.isActive)
                : .cancel)
            if accepting { request.logIn(user: field.text, password: password.text) } else { request.cancel() }
            // Not kept on screen after the answer.
            password.text = ""
        }
        onShownChanged?(false, hadFocus)
    }

    private func placeCard(width: Double, height: Double) {
        let cardWidth = min(440, max(1, width - 32))
        let cardHeight = min(Double(card.naturalHeight(forWidth: Int(cardWidth))), max(1, height - 32))
        root.allocate(card, Rect(x: ((width - cardWidth) / 2).rounded(), y: ((height - cardHeight) / 2).rounded(),
                                 width: cardWidth, height: cardHeight))
    }
}
