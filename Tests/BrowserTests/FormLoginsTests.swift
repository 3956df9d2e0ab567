import BrowserModel
import XCTest

final class FormLoginsTests: XCTestCase {
    private let site = "https://mail.example.org"
    private var ada: FormLogin { FormLogin(origin: site, user: "ada", password: "lovelace") }

    func testMessagesAreReadOnlyWhenWellFormedAndBounded() {
        XCTAssertEqual(FormLoginMessage.parse(#"{"kind":"form","origin":"https://Mail.Example.org"}"#), .formFound(origin: site))
        XCTAssertEqual(FormLoginMessage.parse(#"{"kind":"submit","origin":"https://mail.example.org:443","user":" ada ","password":"lovelace"}"#),
                       .submitted(ada), "the default port is left out and the user name trimmed")
        XCTAssertNil(FormLoginMessage.parse(#"{"kind":"submit","origin":"https://mail.example.org","user":"ada","password":""}"#), "no password")
        XCTAssertNil(FormLoginMessage.parse(#"{"kind":"form","origin":"file:///etc"}"#), "only http and https")
        XCTAssertNil(FormLoginMessage.parse("not json"))
        let long = String(repeating: "x", count: FormLoginMessage.passwordLimit + 1)
        XCTAssertNil(FormLoginMessage.parse(#"{"kind":"submit","origin":"https://a.example","user":"u","password":"\#(long)"}"#))
        XCTAssertNil(FormLoginMessage.parse(#"{"kind":"form","origin":"https://a.example","pad":"\#(String(repeating: "y", count: FormLoginMessage.sizeLimit))"}"#))
    }

    func testOnlyVerifiedHttpsAndLoopbackAreTrustworthy() {
        XCTAssertTrue(FormLogins.isTrustworthy(origin: site, secureConnection: true))
        XCTAssertFalse(FormLogins.isTrustworthy(origin: site, secureConnection: false), "a certificate the user let through")
        XCTAssertFalse(FormLogins.isTrustworthy(origin: "http://mail.example.org", secureConnection: false))
        XCTAssertTrue(FormLogins.isTrustworthy(origin: "http://127.0.0.1:8080", secureConnection: false))
        XCTAssertTrue(FormLogins.isTrustworthy(origin: "http://localhost:8080", secureConnection: false))
        XCTAssertFalse(FormLogins.isTrustworthy(origin: "http://127.0.0.1.example.org", secureConnection: false))
    }

    func testASubmittedLoginIsOfferedOnceAndStoredOnlyOnSave() {
        var logins = FormLogins(isPrivate: false)
        XCTAssertEqual(logins.submitted(ada, trustworthy: true, neverForSite: false), [.lookUp(origin: site)])
        XCTAssertEqual(logins.submitted(ada, trustworthy: true, neverForSite: false), [], "Return then submit: asked once")
        XCTAssertEqual(logins.keptLogins([], origin: site), [.offerSave(ada, replacing: false)])
        XCTAssertEqual(logins.committed(), [], "the page the login led to keeps the offer")
        XCTAssertEqual(logins.answeredSave(.save), [.hideBar, .store(ada)])
        XCTAssertEqual(logins.answeredSave(.save), [], "answered once")
    }

    func testAKeptPasswordIsNotOfferedAgainAndAChangedOneIsAnUpdate() {
        var logins = FormLogins(isPrivate: false)
        _ = logins.submitted(ada, trustworthy: true, neverForSite: false)
        XCTAssertEqual(logins.keptLogins([ada], origin: site), [], "the same password is kept already")
        var changed = ada
        changed.password = "analytical engine"
        _ = logins.submitted(changed, trustworthy: true, neverForSite: false)
        XCTAssertEqual(logins.keptLogins([ada], origin: site), [.offerSave(changed, replacing: true)])
    }

    func testNothingIsOfferedInAPrivateWindowOnAnInsecurePageOrForANeverSite() {
        var secret = FormLogins(isPrivate: true)
        XCTAssertEqual(secret.submitted(ada, trustworthy: true, neverForSite: false), [])
        XCTAssertEqual(secret.formFound(origin: site, trustworthy: true), [], "a private window does not even look")
        var logins = FormLogins(isPrivate: false)
        XCTAssertEqual(logins.submitted(ada, trustworthy: false, neverForSite: false), [])
        XCTAssertEqual(logins.formFound(origin: site, trustworthy: false), [], "not filled on a page that is not secure")
        XCTAssertEqual(logins.submitted(ada, trustworthy: true, neverForSite: true), [])
    }

    func testNeverIsForTheSite() {
        var logins = FormLogins(isPrivate: false)
        _ = logins.submitted(ada, trustworthy: true, neverForSite: false)
        _ = logins.keptLogins([], origin: site)
        XCTAssertEqual(logins.answeredSave(.never), [.hideBar, .neverForSite("mail.example.org")])
    }

    func testAFormIsFilledOnlyWithTheLoginTheUserPicks() {
        var logins = FormLogins(isPrivate: false)
        let grace = FormLogin(origin: site, user: "grace", password: "hopper")
        XCTAssertEqual(logins.formFound(origin: site, trustworthy: true), [.lookUp(origin: site)])
        XCTAssertEqual(logins.formFound(origin: site, trustworthy: true), [], "looked up once a page")
        XCTAssertEqual(logins.keptLogins([ada, grace], origin: site), [.offerFill(origin: site, users: ["ada", "grace"])])
        XCTAssertEqual(logins.choseFill(user: "nobody"), [], "only a kept user")
        XCTAssertEqual(logins.choseFill(user: "grace"), [.hideBar, .fill(grace)])
        XCTAssertEqual(logins.choseFill(user: "grace"), [], "filled once")
    }

    func testTheFillOfferGoesWithThePageAndAnAnswerForAnotherSiteIsDropped() {
        var logins = FormLogins(isPrivate: false)
        _ = logins.formFound(origin: site, trustworthy: true)
        XCTAssertEqual(logins.keptLogins([ada], origin: "https://other.example"), [])
        _ = logins.keptLogins([ada], origin: site)
        XCTAssertEqual(logins.committed(), [.hideBar])
        XCTAssertEqual(logins.keptLogins([ada], origin: site), [], "a late answer for the page that went")
    }

    func testTheSaveOfferGoesWhenTheUserLeavesThePageTheLoginLedTo() {
        var logins = FormLogins(isPrivate: false)
        _ = logins.submitted(ada, trustworthy: true, neverForSite: false)
        _ = logins.keptLogins([], origin: site)
        XCTAssertEqual(logins.committed(), [])
        XCTAssertEqual(logins.committed(), [.hideBar])
        XCTAssertEqual(logins.answeredSave(.save), [], "nothing to save once it went")
    }

    func testASuggestionIsOfferedOnceAPageAndReachesThePageOnlyOnUse() {
        XCTAssertEqual(FormLoginMessage.parse(#"{"kind":"newPassword","origin":"https://mail.example.org","maxLength":-1}"#),
                       .newPasswordFocused(origin: site, maxLength: nil))
        XCTAssertEqual(FormLoginMessage.parse(#"{"kind":"newPassword","origin":"https://mail.example.org","maxLength":16}"#),
                       .newPasswordFocused(origin: site, maxLength: 16))
        var logins = FormLogins(isPrivate: false)
        XCTAssertEqual(logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: "abcdef-ghijkm-Np2345"),
                       [.offerSuggestion(origin: site, password: "abcdef-ghijkm-Np2345")])
        XCTAssertEqual(logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: "other"), [],
                       "the confirmation field does not offer another")
        XCTAssertEqual(logins.tookSuggestion(), [.hideBar, .fillNew(origin: site, password: "abcdef-ghijkm-Np2345")])
        XCTAssertEqual(logins.tookSuggestion(), [], "used once")
        let kept = FormLogin(origin: site, user: "ada", password: "abcdef-ghijkm-Np2345")
        XCTAssertEqual(logins.filledSuggestion(origin: site, password: kept.password, user: " ada "), [.store(kept)], "kept at once")
        XCTAssertEqual(logins.submitted(kept, trustworthy: true, neverForSite: false), [], "its submit asks nothing")
    }

    func testASuggestionTakenBeforeTheUserNameIsKeptAgainUnderTheNameOnSubmit() {
        var logins = FormLogins(isPrivate: false)
        _ = logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: "abcdef-ghijkm-Np2345")
        _ = logins.tookSuggestion()
        let nameless = FormLogin(origin: site, user: "", password: "abcdef-ghijkm-Np2345")
        XCTAssertEqual(logins.filledSuggestion(origin: site, password: nameless.password, user: ""), [.store(nameless)])
        let named = FormLogin(origin: site, user: "ada", password: nameless.password)
        XCTAssertEqual(logins.submitted(named, trustworthy: true, neverForSite: false), [.lookUp(origin: site)])
        XCTAssertEqual(logins.keptLogins([nameless], origin: site), [.store(named), .forget(nameless)], "no question: the user chose it")
        XCTAssertEqual(logins.answeredSave(.save), [], "nothing offered")
    }

    func testNoSuggestionInAPrivateWindowOnAnInsecurePageForANeverSiteOrWhileSaveIsAsked() {
        var secret = FormLogins(isPrivate: true)
        XCTAssertEqual(secret.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: "x"), [])
        var logins = FormLogins(isPrivate: false)
        XCTAssertEqual(logins.newPasswordFocused(origin: site, trustworthy: false, neverForSite: false, suggested: "x"), [])
        XCTAssertEqual(logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: true, suggested: "x"), [])
        XCTAssertEqual(logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: nil), [], "a field too short")
        _ = logins.submitted(ada, trustworthy: true, neverForSite: false)
        _ = logins.keptLogins([], origin: site)
        XCTAssertEqual(logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: "x"), [], "Save is asked")
    }

    func testAPasswordFieldsMenuFillsAStrongPasswordAtOnceWhereItCanBeKept() {
        XCTAssertEqual(FormLoginMessage.parse(#"{"kind":"menu","origin":"https://mail.example.org","password":true,"maxLength":16}"#),
                       .rightClicked(origin: site, onPassword: true, maxLength: 16))
        XCTAssertEqual(FormLoginMessage.parse(#"{"kind":"menu","origin":"https://mail.example.org","password":false,"maxLength":-1}"#),
                       .rightClicked(origin: site, onPassword: false, maxLength: nil))
        var logins = FormLogins(isPrivate: false)
        XCTAssertTrue(logins.canSuggest(trustworthy: true, neverForSite: false))
        XCTAssertFalse(logins.canSuggest(trustworthy: false, neverForSite: false), "an insecure page: it could not be kept")
        XCTAssertFalse(logins.canSuggest(trustworthy: true, neverForSite: true), "nor on a site the user said Never for")
        XCTAssertFalse(FormLogins(isPrivate: true).canSuggest(trustworthy: true, neverForSite: false), "nor in a private window")
        _ = logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: "offered")
        XCTAssertEqual(logins.askedForSuggestion(origin: site, trustworthy: true, neverForSite: false, suggested: "abcdef-ghijkm-Np2345"),
                       [.hideBar, .fillNew(origin: site, password: "abcdef-ghijkm-Np2345")], "asked for: no question, the bar's offer goes")
        XCTAssertEqual(logins.tookSuggestion(), [], "the bar's offer is gone")
        XCTAssertEqual(logins.askedForSuggestion(origin: site, trustworthy: true, neverForSite: false, suggested: "again"),
                       [.hideBar, .fillNew(origin: site, password: "again")], "asked again, given again")
        XCTAssertEqual(logins.askedForSuggestion(origin: site, trustworthy: false, neverForSite: false, suggested: "x"), [])
        XCTAssertEqual(logins.askedForSuggestion(origin: site, trustworthy: true, neverForSite: false, suggested: nil), [], "a field too short")
    }

    func testTheSuggestionGoesWithThePageOrOnCloseAndAFillOfferWaits() {
        var logins = FormLogins(isPrivate: false)
        _ = logins.formFound(origin: site, trustworthy: true)
        _ = logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: "x")
        XCTAssertEqual(logins.keptLogins([ada], origin: site), [], "a change-of-password page: the suggestion stays on the bar")
        XCTAssertEqual(logins.dismissedSuggestion(), [.hideBar])
        XCTAssertEqual(logins.tookSuggestion(), [])
        _ = logins.committed()
        XCTAssertEqual(logins.newPasswordFocused(origin: site, trustworthy: true, neverForSite: false, suggested: "y"),
                       [.offerSuggestion(origin: site, password: "y")], "offered again on the next page")
        XCTAssertEqual(logins.committed(), [.hideBar])
        XCTAssertEqual(FormLogins.suggestionFill(answer: "filled:ada"), .filled(user: "ada"))
        XCTAssertEqual(FormLogins.suggestionFill(answer: "another site"), .failed("the page is on another site now"))
        XCTAssertEqual(FormLogins.suggestionFill(answer: nil), .failed("the page did not answer"))
    }
}
