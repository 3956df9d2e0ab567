import CSecret

/// The passwords typed into pages' login forms that the user chose to save, in the same Secret
/// Service as HTTP logins but under a schema of their own (`io.github.skiff.Skiff.FormLogin`:
/// origin and user name), several users per site (docs/browser.md, "Passwords in forms").
extension LoginKeyring {
    /// Every login kept for `origin` (`scheme://host[:port]`), with its password, by user name.
    public func formLogins(origin: String, _ done: @escaping @MainActor (Result<[StoredLogin], KeyringFailure>) -> Void) {
        search(skiff_secret_form_schema(), { skiff_secret_form_attributes(origin, nil) }, secrets: true, origin: "origin") { result in
            done(result.map { $0.sorted { $0.user < $1.user } })
        }
    }

    /// Every kept form login, without its password (Preferences' Passwords list), by site then user.
    public func allFormLogins(_ done: @escaping @MainActor (Result<[StoredLogin], KeyringFailure>) -> Void) {
        search(skiff_secret_form_schema(), { skiff_secret_form_attributes(nil, nil) }, secrets: false, origin: "origin") { result in
            done(result.map { $0.sorted { ($0.server, $0.user) < ($1.server, $1.user) } })
        }
    }

    /// Keeps `password` for `user` on `origin`, replacing the one kept for that user there.
    public func saveFormLogin(origin: String, user: String, password: String,
                              _ done: @escaping @MainActor (Result<Void, KeyringFailure>) -> Void) {
        let label = user.isEmpty ? "Skiff: \(origin)" : "Skiff: \(user) on \(origin)"
        store(skiff_secret_form_schema(), { skiff_secret_form_attributes(origin, user) }, label: label, password: password, done)
    }

    /// Forgets the password kept for `user` on `origin` (nothing kept is not a failure).
    public func forgetFormLogin(origin: String, user: String, _ done: @escaping @MainActor (Result<Void, KeyringFailure>) -> Void) {
        clear(skiff_secret_form_schema(), { skiff_secret_form_attributes(origin, user) }, done)
    }
}
