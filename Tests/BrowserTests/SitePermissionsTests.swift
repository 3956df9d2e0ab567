import BrowserModel
import XCTest

final class SitePermissionsTests: XCTestCase {
    func testADecisionIsRememberedPerSiteAndKind() {
        var permissions = SitePermissions(remembers: true)
        XCTAssertNil(permissions.decision(for: .notifications, on: "a.example"), "first time: ask")
        permissions.decide(.deny, for: .notifications, on: "a.example")
        XCTAssertEqual(permissions.decision(for: .notifications, on: "A.example"), .deny)
        XCTAssertNil(permissions.decision(for: .location, on: "a.example"), "another kind asks again")
        XCTAssertNil(permissions.decision(for: .notifications, on: "b.example"), "another site asks again")
        permissions.reset()
        XCTAssertNil(permissions.decision(for: .notifications, on: "a.example"))
    }

    func testAPrivateWindowRemembersNothing() {
        var permissions = SitePermissions(remembers: false)
        permissions.decide(.allow, for: .camera, on: "a.example")
        XCTAssertNil(permissions.decision(for: .camera, on: "a.example"))
    }

    func testTheOldestDecisionsGoPastTheLimit() {
        var permissions = SitePermissions(remembers: true)
        for i in 0...SitePermissions.limit { permissions.decide(.allow, for: .location, on: "s\(i).example") }
        XCTAssertNil(permissions.decision(for: .location, on: "s0.example"))
        XCTAssertEqual(permissions.decision(for: .location, on: "s\(SitePermissions.limit).example"), .allow)
    }

    func testTheQuestionNamesTheSite() {
        XCTAssertEqual(PermissionKind.cameraAndMicrophone.question(site: "meet.example"), "meet.example wants to use your camera and microphone.")
    }
}
