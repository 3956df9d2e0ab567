import CGtk
import CSecret
import Foundation

/// A user name and password kept for one site and realm.
public struct StoredLogin: Sendable, Equatable {
    /// `scheme://host:port`.
    public let server: String
    public let realm: String
    public let user: String
    public let password: String

    public init(server: String, realm: String, user: String, password: String) {
        self.server = server
        self.realm = realm
        self.user = user
        self.password = password
    }
}

/// Why the keyring could not do what was asked, in words for people.
public struct KeyringFailure: Error, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// The HTTP logins the user asked to remember, in the desktop's Secret Service (GNOME Keyring,
/// KWallet…) through libsecret. Every call is asynchronous — D-Bus work happens on GDBus's own
/// thread, the answer comes back on the main loop — so a slow or absent service never holds up the
/// window (docs/browser.md, "Remembered logins").
@MainActor
public final class LoginKeyring {
    public enum Availability: Equatable, Sendable {
        /// Connecting to the service: not known yet.
        case checking
        case available
        /// No session bus, or no Secret Service on it: why, in words.
        case unavailable(String)
    }

    /// The process's keyring, connected to the session bus on first use.
    public static let shared = LoginKeyring()

    public private(set) var availability: Availability = .checking
    /// Unsafe only for `deinit`, which runs once nothing else can reach it.
    nonisolated(unsafe) private var service: UnsafeMutablePointer<SecretService>?
    /// Calls made while connecting, run once it is known whether there is a service.
    private var waiting: [@MainActor () -> Void] = []
    private var watchers: [UUID: @MainActor (Availability) -> Void] = [:]
    /// Each connection's number: the answers of a connection that was replaced are dropped.
    private var generation = 0
    private var started = false

    public init() {}

    deinit {
        if let service { g_object_unref(UnsafeMutableRawPointer(service)) }
    }

    /// Connects (once) to the session bus's Secret Service.
    public func start() {
        guard !started else { return }
        reconnect()
    }

    /// Drops the connection and connects again to the session bus as the environment names it now
    /// (DBUS_SESSION_BUS_ADDRESS, else `$XDG_RUNTIME_DIR/bus`). A bus is never started for this
    /// (GIO's "autolaunch:" would): without one there is no keyring. The tests point the
    /// environment at a private bus for a moment, reconnect, and reconnect again when done.
    public func reconnect() {
        started = true
        dropService()
        generation += 1
        let current = generation
        availability = .checking
        guard Self.sessionBusAddress() != nil else {
            return settle(.unavailable("There is no session bus, so there is no keyring to keep passwords in."), generation: current)
        }
        let data = AsyncReady.userData({ [weak self] _, result in
            var error: UnsafeMutablePointer<GError>?
            let service = secret_service_open_finish(result, &error)
            if let service { skiff_secret_service_survive_bus_loss(service) }
            guard let self, current == self.generation else {
                if let service { g_object_unref(UnsafeMutableRawPointer(service)) }
                if let error { g_error_free(error) }
                return
            }
            guard let service else {
                return self.settle(.unavailable("No keyring (Secret Service) answers on the session bus: \(Self.take(error))."), generation: current)
            }
            self.service = service
            self.settle(.available, generation: current)
        }, missing: { [weak self] in self?.settle(.unavailable("The keyring did not answer."), generation: current) })
        // The encrypted session is opened at once, so an absent service fails here rather than at a save.
        secret_service_open(secret_service_get_type(), nil, SECRET_SERVICE_OPEN_SESSION, nil, AsyncReady.callback, data)
    }

    private func settle(_ state: Availability, generation current: Int) {
        guard current == generation else { return }
        availability = state
        let calls = waiting
        waiting = []
        for call in calls { call() }
        for watcher in watchers.values { watcher(state) }
    }

    /// `body` runs when the availability changes, until `stopWatching` with the token.
    public func watch(_ body: @escaping @MainActor (Availability) -> Void) -> UUID {
        start()
        let token = UUID()
        watchers[token] = body
        return token
    }

    public func stopWatching(_ token: UUID) { watchers[token] = nil }

    /// The login kept for `server` and `realm`, or nil.
    public func lookup(server: String, realm: String, _ done: @escaping @MainActor (Result<StoredLogin?, KeyringFailure>) -> Void) {
        search(skiff_secret_login_schema(), { skiff_secret_attributes(server, realm, nil) }, secrets: true, origin: "server") { done($0.map { $0.first }) }
    }

    /// Every kept login, without its password (Preferences' list).
    public func all(_ done: @escaping @MainActor (Result<[StoredLogin], KeyringFailure>) -> Void) {
        search(skiff_secret_login_schema(), { skiff_secret_attributes(nil, nil, nil) }, secrets: false, origin: "server", done)
    }

    /// Keeps `login`, replacing whatever was kept for its site and realm (another user name too).
    public func save(_ login: StoredLogin, _ done: @escaping @MainActor (Result<Void, KeyringFailure>) -> Void) {
        forget(server: login.server, realm: login.realm) { [weak self] cleared in
            guard let self else { return }
            if case .failure(let failure) = cleared { return done(.failure(failure)) }
            let label = login.realm.isEmpty ? "Skiff: \(login.server)" : "Skiff: \(login.server) (\(login.realm))"
            self.store(skiff_secret_login_schema(), { skiff_secret_attributes(login.server, login.realm, login.user) },
                       label: label, password: login.password, done)
        }
    }

    /// Forgets what is kept for `server` and `realm` (nothing kept is not a failure).
    public func forget(server: String, realm: String, _ done: @escaping @MainActor (Result<Void, KeyringFailure>) -> Void) {
        clear(skiff_secret_login_schema(), { skiff_secret_attributes(server, realm, nil) }, done)
    }

    /// The items of `schema` matching `attributes` (made when the service is reached, freed here), their site read from the
    /// attribute `origin` names, with their passwords when `secrets`.
    func search(_ schema: UnsafePointer<SecretSchema>?, _ attributes: @escaping @MainActor () -> OpaquePointer?, secrets: Bool, origin: String,
                _ done: @escaping @MainActor (Result<[StoredLogin], KeyringFailure>) -> Void) {
        whenReady(done) { service, current in
            let attributes = attributes()
            defer { g_hash_table_unref(attributes) }
            let flags = secrets ? SecretSearchFlags(rawValue: SECRET_SEARCH_ALL.rawValue | SECRET_SEARCH_LOAD_SECRETS.rawValue | SECRET_SEARCH_UNLOCK.rawValue)
                : SECRET_SEARCH_ALL
            secret_service_search(service, schema, attributes, flags, nil, AsyncReady.callback,
                                  AsyncReady.userData({ [weak self] _, result in
                var error: UnsafeMutablePointer<GError>?
                let list = secret_service_search_finish(service, result, &error)
                let found = Self.logins(in: list, withPasswords: secrets, origin: origin)
                guard self?.generation == current else { return }
                if let error { return done(.failure(KeyringFailure(Self.take(error)))) }
                done(.success(found))
            }, missing: { done(.failure(KeyringFailure("The keyring did not answer."))) }))
        }
    }

    /// Stores `password` under `attributes` (made when the service is reached, freed here) in the default collection.
    func store(_ schema: UnsafePointer<SecretSchema>?, _ attributes: @escaping @MainActor () -> OpaquePointer?, label: String, password: String,
               _ done: @escaping @MainActor (Result<Void, KeyringFailure>) -> Void) {
        whenReady(done) { service, current in
            let attributes = attributes()
            defer { g_hash_table_unref(attributes) }
            let value = secret_value_new(password, -1, "text/plain")
            defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
            secret_service_store(service, schema, attributes, "default", label, value, nil, AsyncReady.callback,
                                 AsyncReady.userData({ [weak self] _, result in
                var error: UnsafeMutablePointer<GError>?
                let stored = secret_service_store_finish(service, result, &error) != 0
                guard self?.generation == current else { return }
                if stored, error == nil { return done(.success(())) }
                // No error and nothing stored: an unlock prompt was dismissed.
                done(.failure(KeyringFailure(error == nil ? "the keyring is locked" : Self.take(error))))
            }, missing: { done(.failure(KeyringFailure("The keyring did not answer."))) }))
        }
    }

    /// Removes the items matching `attributes` (made when the service is reached, freed here); none is not a failure.
    func clear(_ schema: UnsafePointer<SecretSchema>?, _ attributes: @escaping @MainActor () -> OpaquePointer?,
               _ done: @escaping @MainActor (Result<Void, KeyringFailure>) -> Void) {
        whenReady(done) { service, current in
            let attributes = attributes()
            defer { g_hash_table_unref(attributes) }
            secret_service_clear(service, schema, attributes, nil, AsyncReady.callback,
                                 AsyncReady.userData({ [weak self] _, result in
                var error: UnsafeMutablePointer<GError>?
                _ = secret_service_clear_finish(service, result, &error)
                guard self?.generation == current else { return }
                // FALSE with no error: there was nothing to forget.
                if let error { return done(.failure(KeyringFailure(Self.take(error)))) }
                done(.success(()))
            }, missing: { done(.failure(KeyringFailure("The keyring did not answer."))) }))
        }
    }

    /// Runs `body` with the service once connected, or fails `done` when there is none.
    private func whenReady<T>(_ done: @escaping @MainActor (Result<T, KeyringFailure>) -> Void,
                              _ body: @escaping @MainActor (UnsafeMutablePointer<SecretService>, Int) -> Void) {
        start()
        switch availability {
        case .checking:
            waiting.append { [weak self] in self?.whenReady(done, body) }
        case .unavailable(let reason):
            done(.failure(KeyringFailure(reason)))
        case .available:
            guard let service else { return done(.failure(KeyringFailure("The keyring is not connected."))) }
            // A call under way keeps the service alive itself (its GTask holds its source object).
            body(service, generation)
        }
    }

    /// Lets go of the service and its bus (the tests, before they end their private bus): every
    /// call fails until `reconnect()`.
    public func disconnect() {
        started = true
        dropService()
        generation += 1
        settle(.unavailable("Skiff is not connected to the keyring."), generation: generation)
    }

    private func dropService() {
        waiting = []
        if let service { g_object_unref(UnsafeMutableRawPointer(service)) }
        service = nil
    }

    /// The session bus's address, without starting one (GIO's "autolaunch:" would).
    static func sessionBusAddress() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") {
            return "unix:path=\(runtime)/bus"
        }
        return nil
    }

    /// The logins in a search's list of items (freed here).
    private static func logins(in list: UnsafeMutablePointer<GList>?, withPasswords: Bool, origin: String) -> [StoredLogin] {
        var found: [StoredLogin] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data {
                let item = data.assumingMemoryBound(to: SecretItem.self)
                let server = attribute(item, origin) ?? ""
                let realm = attribute(item, "realm") ?? ""
                let user = attribute(item, "username") ?? ""
                var password = ""
                if withPasswords, let value = secret_item_get_secret(item) {
                    password = secret_value_get_text(value).map { String(cString: $0) } ?? ""
                    secret_value_unref(UnsafeMutableRawPointer(value))
                }
                found.append(StoredLogin(server: server, realm: realm, user: user, password: password))
            }
            node = current.pointee.next
        }
        g_list_free_full(list) { g_object_unref($0) }
        return found
    }

    private static func attribute(_ item: UnsafeMutablePointer<SecretItem>, _ key: String) -> String? {
        guard let value = skiff_secret_item_attribute(item, key) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The error's message, freeing it.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String { GLibError(taking: error).message }
}
