import BrowserModel
import XCTest

final class LoginMemoryTests: XCTestCase {
    let server = "http://127.0.0.1:8080"

    func testTheBoxIsHiddenInPrivateWindowsAndInsensitiveWithoutAKeyring() {
        XCTAssertEqual(LoginMemory(isPrivate: true).box(keyring: .available), .hidden)
        XCTAssertEqual(LoginMemory(isPrivate: false).box(keyring: .available), .offered)
        guard case .insensitive(let why) = LoginMemory(isPrivate: false).box(keyring: .unavailable(reason: "No bus.")) else {
            return XCTFail("usable without a keyring")
        }
        XCTAssertTrue(why.hasPrefix("No bus."), why)
        XCTAssertNotEqual(LoginMemory(isPrivate: false).box(keyring: .checking), .offered)
    }

    func testATickedLoginIsSavedOnlyOnceTheSiteAcceptsIt() {
        var memory = LoginMemory(isPrivate: false)
        XCTAssertTrue(memory.asked(server: server, realm: "Members", isRetry: false, keyring: .available).looksUp)
        XCTAssertNil(memory.found(nil, typedUser: "", typedPassword: ""))
        memory.answered(user: "ada", password: "wrong", remember: true)
        // Refused: asked again, nothing saved, and the retry does not look in the keyring again.
        let retry = memory.asked(server: server, realm: "Members", isRetry: true, keyring: .available)
        XCTAssertEqual(retry.problem, "The user name or password was not accepted. Try again.")
        XCTAssertFalse(retry.looksUp)
        XCTAssertTrue(retry.ticks)
        memory.answered(user: "ada", password: "lovelace", remember: true)
        XCTAssertEqual(memory.succeeded(), .save(RememberedLogin(server: server, realm: "Members", user: "ada", password: "lovelace")))
        XCTAssertNil(memory.succeeded(), "saved once")
    }

    func testUntickedNothingIsSavedAndAPrivateWindowNeverSavesNorLooks() {
        var memory = LoginMemory(isPrivate: false)
        _ = memory.asked(server: server, realm: "", isRetry: false, keyring: .available)
        memory.answered(user: "ada", password: "lovelace", remember: false)
        XCTAssertNil(memory.succeeded())

        var secret = LoginMemory(isPrivate: true)
        XCTAssertFalse(secret.asked(server: server, realm: "", isRetry: false, keyring: .available).looksUp)
        secret.answered(user: "ada", password: "lovelace", remember: true)
        XCTAssertNil(secret.succeeded())
    }

    func testAKeptLoginFillsAnUntouchedCardForItsSiteOnly() {
        let kept = RememberedLogin(server: server, realm: "Members", user: "ada", password: "lovelace")
        var memory = LoginMemory(isPrivate: false)
        _ = memory.asked(server: server, realm: "Members", isRetry: false, keyring: .available)
        XCTAssertNil(memory.found(kept, typedUser: "", typedPassword: "typing"), "the user is typing")
        XCTAssertNil(memory.found(kept, typedUser: "grace", typedPassword: ""), "another user name typed")
        XCTAssertEqual(memory.found(kept, typedUser: "ada", typedPassword: ""), kept)
        var other = LoginMemory(isPrivate: false)
        _ = other.asked(server: server, realm: "Admins", isRetry: false, keyring: .available)
        XCTAssertNil(other.found(kept, typedUser: "", typedPassword: ""), "another realm")

        // Logged in with it unchanged: nothing to write.
        memory.answered(user: "ada", password: "lovelace", remember: true)
        XCTAssertNil(memory.succeeded())
    }

    func testARefusedKeptPasswordSaysSoAndTheNewOneReplacesIt() {
        let kept = RememberedLogin(server: server, realm: "Members", user: "ada", password: "old")
        var memory = LoginMemory(isPrivate: false)
        _ = memory.asked(server: server, realm: "Members", isRetry: false, keyring: .available)
        _ = memory.found(kept, typedUser: "", typedPassword: "")
        memory.answered(user: "ada", password: "old", remember: true)
        let retry = memory.asked(server: server, realm: "Members", isRetry: true, keyring: .available)
        XCTAssertEqual(retry.problem, "The remembered password for “ada” was not accepted. Type the password again.")
        XCTAssertFalse(retry.looksUp)
        XCTAssertTrue(retry.ticks, "still to be remembered")
        memory.answered(user: "ada", password: "new", remember: true)
        XCTAssertEqual(memory.succeeded(), .save(RememberedLogin(server: server, realm: "Members", user: "ada", password: "new")))
    }

    func testUntickingAFilledCardForgetsTheKeptLoginOnceLoggedIn() {
        var memory = LoginMemory(isPrivate: false)
        _ = memory.asked(server: server, realm: "Members", isRetry: false, keyring: .available)
        _ = memory.found(RememberedLogin(server: server, realm: "Members", user: "ada", password: "lovelace"), typedUser: "", typedPassword: "")
        memory.answered(user: "ada", password: "lovelace", remember: false)
        XCTAssertEqual(memory.succeeded(), .forget(server: server, realm: "Members"))
    }
}
