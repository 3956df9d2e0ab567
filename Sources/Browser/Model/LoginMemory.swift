/// A login kept in the keyring for one site and realm.
public struct RememberedLogin: Equatable, Sendable {
    /// `scheme://host:port`.
    public var server: String
    public var realm: String
    public var user: String
    public var password: String

    public init(server: String, realm: String, user: String, password: String) {
        self.server = server
        self.realm = realm
        self.user = user
        self.password = password
    }
}

/// Whether the desktop's keyring can be used, as far as is known.
public enum KeyringState: Equatable, Sendable {
    case checking
    case available
    case unavailable(reason: String)
}

/// The login card's "Remember password" box.
public enum RememberBox: Equatable, Sendable {
    /// A private window: never offered (nothing of it is written anywhere).
    case hidden
    /// Shown but not usable, with why (no keyring, or not known yet).
    case insensitive(explanation: String)
    case offered
}

/// What one tab decides about remembering HTTP logins (docs/browser.md, "Remembered logins"): whether
/// the card offers "Remember password", when a kept login fills the card (GNOME Web's way: filled,
/// never sent without the user's Log In), what a refused kept password says, and what is written to
/// the keyring once a login succeeded — only when the box was ticked, never in a private window.
public struct LoginMemory: Equatable, Sendable {
    public let isPrivate: Bool

    private struct Site: Equatable, Sendable {
        var server: String
        var realm: String
    }

    private struct Attempt: Equatable, Sendable {
        var site: Site
        var user: String
        var password: String
        var remember: Bool
        /// The user logged in with what the keyring filled, unchanged.
        var fromKeyring: Bool
    }

    /// The card shown now, for this site and realm.
    private var asking: Site?
    /// What the keyring filled the card with.
    private var filled: RememberedLogin?
    /// The last answer, until the site accepts or refuses it.
    private var attempt: Attempt?

    public init(isPrivate: Bool) { self.isPrivate = isPrivate }

    public static let noKeyringYet = "Looking for the keyring…"

    public func box(keyring: KeyringState) -> RememberBox {
        if isPrivate { return .hidden }
        switch keyring {
        case .available: return .offered
        case .checking: return .insensitive(explanation: Self.noKeyringYet)
        case .unavailable(let reason): return .insensitive(explanation: "\(reason) The password is kept until Skiff closes.")
        }
    }

    /// What the card shows when a site asks.
    public struct Asking: Equatable, Sendable {
        /// Over the fields when the last answer was refused, else nil.
        public var problem: String?
        /// Whether to look in the keyring for this site (the answer goes to `found`).
        public var looksUp: Bool
        /// The box starts ticked: the refused answer was to be remembered, so is the next one.
        public var ticks: Bool = false
    }

    public mutating func asked(server: String, realm: String, isRetry: Bool, keyring: KeyringState) -> Asking {
        let site = Site(server: server, realm: realm)
        let previous = attempt
        asking = site
        filled = nil
        attempt = nil
        var problem: String?
        if isRetry {
            if let previous, previous.site == site, previous.fromKeyring {
                problem = "The remembered password for “\(previous.user)” was not accepted. Type the password again."
            } else {
                problem = "The user name or password was not accepted. Try again."
            }
        }
        // A retry never fills the card again with what was just refused.
        // While the keyring is still being reached the look-up waits for it.
        let reachable = keyring == .available || keyring == .checking
        let ticks = isRetry && previous?.site == site && previous?.remember == true && keyring == .available
        return Asking(problem: problem, looksUp: !isPrivate && !isRetry && reachable, ticks: ticks)
    }

    /// The keyring answered: the user name and password to fill the card with, and the box to
    /// tick — nil when the card is for another site by now, or the user already typed.
    public mutating func found(_ login: RememberedLogin?, typedUser: String, typedPassword: String) -> RememberedLogin? {
        guard let login, let asking, asking == Site(server: login.server, realm: login.realm),
              typedPassword.isEmpty, typedUser.isEmpty || typedUser == login.user else { return nil }
        filled = login
        return login
    }

    /// The user answered Log In.
    public mutating func answered(user: String, password: String, remember: Bool) {
        guard let asking else { return }
        let fromKeyring = filled.map { $0.user == user && $0.password == password } ?? false
        attempt = Attempt(site: asking, user: user, password: password, remember: remember && !isPrivate, fromKeyring: fromKeyring)
        self.asking = nil
    }

    public mutating func cancelled() {
        asking = nil
        filled = nil
        attempt = nil
    }

    public enum Effect: Equatable, Sendable {
        case save(RememberedLogin)
        /// The box was unticked on a card the keyring had filled: the user no longer wants it kept.
        case forget(server: String, realm: String)
    }

    /// The site accepted the last answer.
    public mutating func succeeded() -> Effect? {
        guard let attempt, !isPrivate else { return nil }
        self.attempt = nil
        filled = nil
        switch (attempt.remember, attempt.fromKeyring) {
        case (true, false):
            return .save(RememberedLogin(server: attempt.site.server, realm: attempt.site.realm, user: attempt.user, password: attempt.password))
        case (false, true):
            return .forget(server: attempt.site.server, realm: attempt.site.realm)
        default:
            return nil
        }
    }

    /// The words for a save that failed (shown to the user, never only logged).
    public static func saveFailed(server: String, because reason: String) -> String {
        "The password for \(server) could not be remembered: \(reason)"
    }
}
