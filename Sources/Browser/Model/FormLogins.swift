import Foundation

/// A user name and password typed into a page's login form, for the page's origin.
public struct FormLogin: Equatable, Sendable {
    /// `scheme://host[:port]`, as `FormLogins.origin(of:)` writes it.
    public var origin: String
    public var user: String
    public var password: String

    public init(origin: String, user: String, password: String) {
        self.origin = origin
        self.user = user
        self.password = password
    }
}

/// What the passwords script in Skiff's isolated world posts (WebViewScripts.swift): a page has a
/// login form, or one was submitted. Anything else, or anything over the limits, is dropped.
public enum FormLoginMessage: Equatable, Sendable {
    case formFound(origin: String)
    case submitted(FormLogin)
    /// A field for a new password (sign-up, change of password) got the focus; `maxLength` is its
    /// `maxlength`, nil when it has none.
    case newPasswordFocused(origin: String, maxLength: Int?)
    /// The page was right-clicked, just before its context menu opens: on a password field (its
    /// new-password group's smallest `maxlength`, nil for none) or elsewhere.
    case rightClicked(origin: String, onPassword: Bool, maxLength: Int?)

    /// A message longer than this is not read (its fields are bounded far below).
    public static let sizeLimit = 8_192
    /// A user name or password longer than this is not offered for saving (no real one is).
    public static let userLimit = 256
    public static let passwordLimit = 1_024

    public static func parse(_ text: String) -> FormLoginMessage? {
        guard text.utf8.count <= sizeLimit,
              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let kind = object["kind"] as? String, let rawOrigin = object["origin"] as? String,
              let origin = FormLogins.origin(of: rawOrigin) else { return nil }
        switch kind {
        case "form":
            return .formFound(origin: origin)
        case "newPassword":
            let maxLength = (object["maxLength"] as? Int).flatMap { $0 > 0 ? $0 : nil }
            return .newPasswordFocused(origin: origin, maxLength: maxLength)
        case "menu":
            let maxLength = (object["maxLength"] as? Int).flatMap { $0 > 0 ? $0 : nil }
            return .rightClicked(origin: origin, onPassword: object["password"] as? Bool ?? false, maxLength: maxLength)
        case "submit":
            guard let user = object["user"] as? String, let password = object["password"] as? String,
                  !password.isEmpty, user.count <= userLimit, password.count <= passwordLimit else { return nil }
            return .submitted(FormLogin(origin: origin, user: user.trimmingCharacters(in: .whitespacesAndNewlines), password: password))
        default:
            return nil
        }
    }
}

/// What one tab decides about the passwords typed into its pages' forms (docs/browser.md,
/// "Passwords in forms"): when to offer **Save** after a submit, when to offer to fill a page's form
/// with a kept login, and what to write to the keyring. The rules that keep a password safe are all
/// here: nothing in a private window, nothing on a page whose connection is not secure (the user
/// types it by hand there), nothing for a site the user said Never for, and a page never gets a
/// kept password until the user picks it on Skiff's bar — a form is never filled on its own.
public struct FormLogins: Equatable, Sendable {
    public let isPrivate: Bool

    public init(isPrivate: Bool) { self.isPrivate = isPrivate }

    /// The page whose form may be filled, and the logins kept for it once read.
    private var formOrigin: String?
    private var offeredFill: [FormLogin] = []
    /// A submitted login waiting for the keyring's answer (is it kept already?).
    private var checking: FormLogin?
    /// The login the bar offers to save.
    private var offeredSave: FormLogin?
    /// Pages committed since the submit: the offer stays on the page the login led to, and goes
    /// when the user leaves that one.
    private var commitsSinceSubmit = 0
    /// The suggested password the bar offers, and the origin it was offered on (once a page).
    private var offeredSuggestion: FormLogin?
    private var suggestedOn: String?
    /// The suggestion the user took, as kept (the user name is what the form held then).
    private var keptSuggestion: FormLogin?

    public enum Effect: Equatable, Sendable {
        /// Read the logins kept for this origin (the answer goes to `keptLogins`).
        case lookUp(origin: String)
        /// Show the bar: fill the form with one of these users' logins.
        case offerFill(origin: String, users: [String])
        /// Show the bar: save this login (`replacing`: another password is kept for the user).
        case offerSave(FormLogin, replacing: Bool)
        case hideBar
        case store(FormLogin)
        /// Never offer to save on this site (a site permission; a private window never gets here).
        case neverForSite(String)
        /// Put this login in the page's form: the user picked it.
        case fill(FormLogin)
        /// Show the bar: use this strong password for the new-password field.
        case offerSuggestion(origin: String, password: String)
        /// Put the suggested password in the form's new-password fields (the user took it); the
        /// page's answer, with the user name the form holds, goes to `filledSuggestion`.
        case fillNew(origin: String, password: String)
        case forget(FormLogin)
    }

    public enum SaveAnswer: Sendable { case save, never, notNow }

    /// Whether a page may be offered saving and filling: https with a verified certificate, or a
    /// page on this computer's loopback, which browsers treat as a secure context (the W3C's
    /// "potentially trustworthy" origins). Plain http elsewhere, or a certificate the user let
    /// through, is not.
    public static func isTrustworthy(origin: String, secureConnection: Bool) -> Bool {
        guard let components = URLComponents(string: origin), let scheme = components.scheme, let host = components.host else { return false }
        switch scheme {
        case "https": return secureConnection
        case "http": return ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host) || host.hasSuffix(".localhost")
        default: return false
        }
    }

    /// `scheme://host[:port]` of an address (a default port left out, as `location.origin` does);
    /// nil for addresses with no host, and for schemes other than http and https.
    public static func origin(of uri: String) -> String? {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host?.lowercased(), !host.isEmpty,
              host.count <= Site.lengthLimit else { return nil }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let defaultPort = scheme == "https" ? 443 : 80
        if let port = components.port, port != defaultPort { return "\(scheme)://\(shownHost):\(port)" }
        return "\(scheme)://\(shownHost)"
    }

    /// The page has a login form. `trustworthy`: see `isTrustworthy`.
    public mutating func formFound(origin: String, trustworthy: Bool) -> [Effect] {
        guard !isPrivate, trustworthy, formOrigin != origin else { return [] }
        formOrigin = origin
        offeredFill = []
        return [.lookUp(origin: origin)]
    }

    /// A login form was submitted. `neverForSite`: the user chose Never for the page's site.
    public mutating func submitted(_ login: FormLogin, trustworthy: Bool, neverForSite: Bool) -> [Effect] {
        guard !isPrivate, trustworthy, !neverForSite, !login.password.isEmpty,
              login != offeredSave, login != checking, login != keptSuggestion else { return [] }
        checking = login
        return [.lookUp(origin: login.origin)]
    }

    /// A field for a new password got the focus. `suggested`: a `PasswordSuggestion` for the field
    /// (nil when the field is too short for one). Offered once a page, not while a Save is asked.
    public mutating func newPasswordFocused(origin: String, trustworthy: Bool, neverForSite: Bool, suggested: String?) -> [Effect] {
        guard !isPrivate, trustworthy, !neverForSite, let password = suggested, offeredSave == nil,
              suggestedOn != origin else { return [] }
        suggestedOn = origin
        offeredFill = []
        offeredSuggestion = FormLogin(origin: origin, user: "", password: password)
        return [.offerSuggestion(origin: origin, password: password)]
    }

    /// Whether a password field's context menu offers "Suggest Strong Password": only where the
    /// password can be kept (the keyring is the only place the user could find it again).
    public func canSuggest(trustworthy: Bool, neverForSite: Bool) -> Bool {
        !isPrivate && trustworthy && !neverForSite
    }

    /// The user chose "Suggest Strong Password" on a password field's menu: asked for by name, so
    /// it goes into the field at once (and is kept once there), on any page and however often.
    public mutating func askedForSuggestion(origin: String, trustworthy: Bool, neverForSite: Bool, suggested: String?) -> [Effect] {
        guard canSuggest(trustworthy: trustworthy, neverForSite: neverForSite), let password = suggested else { return [] }
        suggestedOn = origin
        offeredSuggestion = nil
        offeredFill = []
        return [.hideBar, .fillNew(origin: origin, password: password)]
    }

    /// The user took the suggestion: only now does the page get it.
    public mutating func tookSuggestion() -> [Effect] {
        guard let suggestion = offeredSuggestion else { return [] }
        offeredSuggestion = nil
        return [.hideBar, .fillNew(origin: suggestion.origin, password: suggestion.password)]
    }

    /// The page filled its new-password fields with the suggestion (`user`: what its user name
    /// field held then). Kept at once, so a password the user never saw typed is never lost, even
    /// when the page signs up from script and no submit is seen.
    public mutating func filledSuggestion(origin: String, password: String, user: String) -> [Effect] {
        guard !isPrivate else { return [] }
        let login = FormLogin(origin: origin, user: user.trimmingCharacters(in: .whitespacesAndNewlines), password: password)
        keptSuggestion = login
        return [.store(login)]
    }

    public mutating func dismissedSuggestion() -> [Effect] {
        guard offeredSuggestion != nil else { return [] }
        offeredSuggestion = nil
        return [.hideBar]
    }

    /// The keyring answered a look-up for `origin` (empty on failure: nothing is offered to fill,
    /// and a submitted login is offered as new).
    public mutating func keptLogins(_ kept: [FormLogin], origin: String) -> [Effect] {
        var effects: [Effect] = []
        if let login = checking, login.origin == origin {
            checking = nil
            // The suggestion taken before the user name was typed: kept again under that name, the
            // nameless copy forgotten, without asking (the user chose it already).
            if let used = keptSuggestion, used.origin == origin, used.password == login.password {
                keptSuggestion = login
                let stale = kept.contains(used) && used.user != login.user ? [Effect.forget(used)] : []
                return kept.contains(login) ? stale : [.store(login)] + stale
            }
            let same = kept.first { $0.user == login.user }
            if same?.password != login.password {
                offeredSave = login
                offeredFill = []
                offeredSuggestion = nil
                commitsSinceSubmit = 0
                effects.append(.offerSave(login, replacing: same != nil))
            }
        }
        if offeredSave == nil, offeredSuggestion == nil, origin == formOrigin, offeredFill.isEmpty, !kept.isEmpty {
            offeredFill = kept
            effects.append(.offerFill(origin: origin, users: kept.map(\.user)))
        }
        return effects
    }

    /// The tab committed another page.
    public mutating func committed() -> [Effect] {
        formOrigin = nil
        checking = nil
        suggestedOn = nil
        if offeredSuggestion != nil {
            offeredSuggestion = nil
            return [.hideBar]
        }
        if offeredSave != nil {
            commitsSinceSubmit += 1
            // The submit's own navigation keeps the offer; leaving the page it led to ends it.
            guard commitsSinceSubmit > 1 else { return [] }
            offeredSave = nil
            return [.hideBar]
        }
        guard !offeredFill.isEmpty else { return [] }
        offeredFill = []
        return [.hideBar]
    }

    public mutating func answeredSave(_ answer: SaveAnswer) -> [Effect] {
        guard let login = offeredSave else { return [] }
        offeredSave = nil
        switch answer {
        case .save: return [.hideBar, .store(login)]
        case .never: return [.hideBar] + (Site.of(login.origin).map { [.neverForSite($0)] } ?? [])
        case .notNow: return [.hideBar]
        }
    }

    /// The user picked `user` on the bar: the page gets that login, and only then.
    public mutating func choseFill(user: String) -> [Effect] {
        guard let login = offeredFill.first(where: { $0.user == user }) else { return [] }
        offeredFill = []
        return [.hideBar, .fill(login)]
    }

    public mutating func dismissedFill() -> [Effect] {
        guard !offeredFill.isEmpty else { return [] }
        offeredFill = []
        return [.hideBar]
    }

    /// The words on the bar.
    public static func saveQuestion(_ login: FormLogin, replacing: Bool) -> String {
        let site = Site.of(login.origin) ?? login.origin
        let who = login.user.isEmpty ? "" : " for “\(login.user)”"
        return replacing ? "Update the saved password\(who) on \(site)?" : "Save the password\(who) on \(site)?"
    }

    public static func fillQuestion(origin: String, users: [String]) -> String {
        let site = Site.of(origin) ?? origin
        if users.count == 1 {
            let user = users[0].isEmpty ? "the saved login" : "“\(users[0])”"
            return "Fill in the password for \(user) on \(site)?"
        }
        return "Fill in a saved password on \(site)?"
    }

    /// What the page's `skiffLogins.fillNew` answered: filled, with the user name its form held
    /// then, or why not.
    public enum SuggestionFill: Equatable, Sendable {
        case filled(user: String)
        case failed(String)
    }

    public static func suggestionFill(answer: String?) -> SuggestionFill {
        guard let answer else { return .failed("the page did not answer") }
        if answer.hasPrefix("filled:") {
            let user = String(answer.dropFirst("filled:".count))
            return .filled(user: user.count <= FormLoginMessage.userLimit ? user : "")
        }
        return .failed(answer == "another site" ? "the page is on another site now" : "the page has no field for a new password now")
    }

    public static func suggestionQuestion(_ password: String) -> String {
        "Use the strong password “\(password)”? Skiff keeps it for this site."
    }

    public static func saveFailed(site: String, because reason: String) -> String {
        "The password for \(site) could not be saved: \(reason)"
    }
}
