import Foundation
import Gtk
import TestSupport
import XCTest

/// The keyring layer against a real GNOME Keyring on a private session bus: what it saves is what
/// `secret-tool` finds there, what `secret-tool` stored it finds, and forgetting removes it. Without a
/// bus it says so, and every call fails with that reason instead of waiting.
final class LoginKeyringTests: XCTestCase {
    var keyring: PrivateKeyring?

    override func tearDown() {
        keyring?.stop()
        keyring = nil
    }

    @MainActor
    private static func wait<T>(_ start: (@escaping @MainActor (T) -> Void) -> Void) -> T? {
        var answer: T?
        start { answer = $0 }
        MainLoop.run(until: { answer != nil }, timeout: 20)
        return answer
    }

    func testASavedLoginIsInTheKeyringIsFoundAgainAndIsForgotten() throws {
        let keyring = try PrivateKeyring()
        self.keyring = keyring
        try MainActor.assumeIsolated {
            let store = LoginKeyring()
            XCTAssertTrue(keyring.connect(store), "\(store.availability)")
            defer { keyring.disconnect(store) }
            let login = StoredLogin(server: "http://127.0.0.1:8080", realm: "Members", user: "ada", password: "lovelace")
            let saved = try XCTUnwrap(Self.wait { done in store.save(login) { done($0) } })
            if case .failure(let failure) = saved { XCTFail(failure.message) }

            let lookup = keyring.secretTool(["lookup", "server", "http://127.0.0.1:8080", "realm", "Members"])
            XCTAssertEqual(lookup.output, "lovelace", "the keyring holds the password")
            let search = keyring.secretTool(["search", "server", "http://127.0.0.1:8080"])
            XCTAssertTrue(search.output.contains("attribute.username = ada"), search.output)
            XCTAssertTrue(search.output.contains("schema = io.github.skiff.Skiff.HttpLogin"), search.output)

            // Saving again for the same site and realm replaces it, whatever the user name.
            let again = StoredLogin(server: "http://127.0.0.1:8080", realm: "Members", user: "charles", password: "babbage")
            _ = Self.wait { done in store.save(again) { done($0) } }
            let found = try XCTUnwrap(Self.wait { done in store.lookup(server: "http://127.0.0.1:8080", realm: "Members") { done($0) } })
            XCTAssertEqual(try found.get(), again)
            XCTAssertFalse(keyring.secretTool(["search", "--all", "server", "http://127.0.0.1:8080"]).output.contains("ada"))

            // Another realm of the same server is another login.
            let other = try XCTUnwrap(Self.wait { done in store.lookup(server: "http://127.0.0.1:8080", realm: "Admins") { done($0) } })
            XCTAssertNil(try other.get())

            let forgotten = try XCTUnwrap(Self.wait { done in store.forget(server: "http://127.0.0.1:8080", realm: "Members") { done($0) } })
            if case .failure(let failure) = forgotten { XCTFail(failure.message) }
            XCTAssertNotEqual(keyring.secretTool(["lookup", "server", "http://127.0.0.1:8080", "realm", "Members"]).status, 0,
                              "nothing left in the keyring")
        }
    }

    func testALoginStoredByAnotherProgramIsFound() throws {
        let keyring = try PrivateKeyring()
        self.keyring = keyring
        let stored = keyring.secretTool(["store", "--label=test", "xdg:schema", "io.github.skiff.Skiff.HttpLogin",
                                         "server", "http://127.0.0.1:9", "realm", "", "username", "grace"], input: "hopper")
        XCTAssertEqual(stored.status, 0, stored.output)
        try MainActor.assumeIsolated {
            let store = LoginKeyring()
            XCTAssertTrue(keyring.connect(store), "\(store.availability)")
            defer { keyring.disconnect(store) }
            let found = try XCTUnwrap(Self.wait { done in store.lookup(server: "http://127.0.0.1:9", realm: "") { done($0) } })
            XCTAssertEqual(try found.get(), StoredLogin(server: "http://127.0.0.1:9", realm: "", user: "grace", password: "hopper"))
        }
    }

    func testWithoutABusTheKeyringSaysSoAndCallsFailAtOnce() throws {
        try MainActor.assumeIsolated {
            let store = LoginKeyring()
            let suiteBus = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
            setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/skiff-test-bus", 1)
            store.reconnect()
            XCTAssertTrue(MainLoop.run(until: { store.availability != .checking }, timeout: 10))
            if let suiteBus { setenv("DBUS_SESSION_BUS_ADDRESS", suiteBus, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
            guard case .unavailable(let reason) = store.availability else { return XCTFail("\(store.availability)") }
            XCTAssertTrue(reason.contains("session bus"), reason)
            let saved = try XCTUnwrap(Self.wait { done in store.save(StoredLogin(server: "http://a", realm: "", user: "u", password: "p")) { done($0) } })
            guard case .failure(let failure) = saved else { return XCTFail("saved without a keyring") }
            XCTAssertEqual(failure.message, reason)
        }
    }
}
