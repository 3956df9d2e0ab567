import BrowserModel
import XCTest

final class SitePermissionsTests: XCTestCase {
    func testADecisionIsRememberedPerSiteAndKind() {
        var permissions = SitePermissions()
        XCTAssertNil(permissions.decision(for: .notifications, on: "a.example"), "first time: ask")
        XCTAssertEqual(permissions.decide(.deny, for: .notifications, on: "A.example"),
                       [.save(.init(site: "a.example", kind: .notifications, decision: .deny))])
        XCTAssertEqual(permissions.decision(for: .notifications, on: "A.example"), .deny)
        XCTAssertNil(permissions.decision(for: .location, on: "a.example"), "another kind asks again")
        XCTAssertNil(permissions.decision(for: .notifications, on: "b.example"), "another site asks again")
        XCTAssertEqual(permissions.decide(.deny, for: .notifications, on: "a.example"), [], "the same answer writes nothing")
    }

    func testAPrivateWindowDeniesWithoutAsking() {
        let permissions = SitePermissions(stored: [.init(site: "a.example", kind: .camera, decision: .allow)])
        XCTAssertEqual(permissions.answer(for: .camera, on: "a.example", isPrivate: true), .decided(.deny))
        XCTAssertEqual(permissions.answer(for: .location, on: "b.example", isPrivate: true), .decided(.deny))
        XCTAssertEqual(permissions.answer(for: .camera, on: "a.example", isPrivate: false), .decided(.allow))
        XCTAssertEqual(permissions.answer(for: .location, on: "a.example", isPrivate: false), .ask)
        XCTAssertEqual(permissions.answer(for: .location, on: nil, isPrivate: false), .ask, "a page without a site is asked, every time")
    }

    func testForgettingOneAnswerAsksAgainAndTheListIsBySite() {
        var permissions = SitePermissions()
        _ = permissions.decide(.allow, for: .location, on: "b.example")
        _ = permissions.decide(.deny, for: .camera, on: "a.example")
        _ = permissions.decide(.deny, for: .location, on: "a.example")
        XCTAssertEqual(permissions.entries.map { "\($0.site) \($0.kind.title) \($0.decision)" },
                       ["a.example Camera deny", "a.example Location deny", "b.example Location allow"])
        XCTAssertEqual(permissions.forget(.camera, on: "a.example"), [.remove(site: "a.example", kind: .camera)])
        XCTAssertEqual(permissions.answer(for: .camera, on: "a.example", isPrivate: false), .ask)
        XCTAssertEqual(permissions.forget(.camera, on: "a.example"), [], "already forgotten")
    }

    func testTheOldestDecisionsGoPastTheLimitAndNonsenseIsNotKept() {
        var permissions = SitePermissions()
        for i in 0..<SitePermissions.limit { _ = permissions.decide(.allow, for: .location, on: "s\(i).example") }
        XCTAssertEqual(permissions.decide(.allow, for: .location, on: "new.example"),
                       [.save(.init(site: "new.example", kind: .location, decision: .allow)), .remove(site: "s0.example", kind: .location)])
        XCTAssertNil(permissions.decision(for: .location, on: "s0.example"))
        XCTAssertEqual(permissions.entries.count, SitePermissions.limit)
        XCTAssertEqual(permissions.decide(.allow, for: .location, on: "  "), [])
        XCTAssertEqual(SitePermissions(stored: [.init(site: String(repeating: "a", count: 400), kind: .camera, decision: .allow)]).entries, [])
    }

    func testTheQuestionNamesTheSite() {
        XCTAssertEqual(PermissionKind.cameraAndMicrophone.question(site: "meet.example"), "meet.example wants to use your camera and microphone.")
    }
}
