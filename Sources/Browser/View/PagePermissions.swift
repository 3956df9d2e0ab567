import BrowserModel
import Foundation
import Gtk
import Logging

/// A bar over one tab's page asking whether its site may use something: the question, Deny and
/// Allow. One question at a time; the page waits for the answer.
@MainActor
final class PermissionPrompt {
    let revealer = Revealer(transition: .slideDown)
    private let question = Label("")
    private let allowButton = Button(label: "Allow")
    private let denyButton = Button(label: "Deny")
    private var answer: (@MainActor (SitePermissions.Decision) -> Void)?

    init() {
        let row = Box(.horizontal, spacing: 12)
        row.addCSSClass("skiff-permission-bar")
        question.wraps = true
        question.hexpand = true
        question.setXAlign(0)
        allowButton.addCSSClass("suggested-action")
        denyButton.onClicked { [weak self] in self?.answered(.deny) }
        allowButton.onClicked { [weak self] in self?.answered(.allow) }
        row.append(question)
        row.append(denyButton)
        row.append(allowButton)
        revealer.setChild(row)
        revealer.valign = .start
        revealer.setAccessibleLabel("Permission request")
        revealer.hidesWhenSlidAway()
    }

    var isShown: Bool { revealer.revealsChild }

    /// Tab out of the page comes here first while a question is shown (its keyboard path).
    func focusInto() -> Bool { isShown && denyButton.grabFocus() }

    func ask(_ text: String, answer: @escaping @MainActor (SitePermissions.Decision) -> Void) {
        self.answer = answer
        question.text = text
        question.setAccessibleLabel(text)
        revealer.slideIn()
    }

    private func answered(_ decision: SitePermissions.Decision) {
        revealer.slideOut()
        let pending = answer
        answer = nil
        pending?(decision)
    }

    /// The page went away or navigated: the question is answered No.
    func withdraw() { if answer != nil { answered(.deny) } }
}

/// Permission requests of a window's pages (docs/browser.md, "Permissions"): a decision already
/// taken for the site is applied; otherwise the page's prompt asks. A private window denies without
/// asking. Nothing is granted silently. Preferences lists and forgets the answers through here.
@MainActor
public final class PagePermissions {
    private let keeper: SitePermissionsKeeper
    private let isPrivate: Bool
    /// Questions waiting behind the one shown, per tab; past this many a request is denied.
    static let queueLimit = 4
    private var waiting: [UUID: [PermissionRequest]] = [:]
    private let logger = Logger(label: "skiff.browser.permissions")

    init(isPrivate: Bool, keeper: SitePermissionsKeeper?) {
        self.isPrivate = isPrivate
        self.keeper = keeper ?? SitePermissionsKeeper.inMemory()
    }

    /// Pop-ups allowed in a private window: remembered for the window's life only.
    private lazy var privatePopUps = SitePermissionsKeeper.inMemory()
    private var popUpKeeper: SitePermissionsKeeper { isPrivate ? privatePopUps : keeper }

    /// "Always Allow for This Site" was chosen for `site`'s pop-ups.
    func allowsPopUps(from site: String?) -> Bool {
        site.flatMap { popUpKeeper.permissions.decision(for: .popUps, on: $0) } == .allow
    }

    func alwaysAllowPopUps(from site: String) {
        popUpKeeper.decide(.allow, for: .popUps, on: site)
    }

    /// "Allow Ads and Trackers on This Site" is on for `site`: its pages get no content filters.
    /// Like pop-ups, a private window remembers it for its own life only.
    public func allowsAdsAndTrackers(on site: String?) -> Bool {
        site.flatMap { popUpKeeper.permissions.decision(for: .adsAndTrackers, on: $0) } == .allow
    }

    public func setAdsAndTrackers(allowed: Bool, on site: String) {
        if allowed { popUpKeeper.decide(.allow, for: .adsAndTrackers, on: site) } else { popUpKeeper.forget(.adsAndTrackers, on: site) }
    }

    /// The answers remembered, by site then kind (Preferences' list).
    public var remembered: [SitePermissions.Entry] { keeper.permissions.entries }

    /// Preferences → Remove: the site will be asked again.
    public func forget(_ entry: SitePermissions.Entry) { keeper.forget(entry.kind, on: entry.site) }

    /// Returns true when the request will be answered (here or by the user), false to leave it to WebKit.
    func handle(_ request: PermissionRequest, from page: TabPage) -> Bool {
        guard let kind = Self.kind(of: request.kind) else { return false }
        let site = Site.of(page.state.uri)
        if case .decided(let decided) = keeper.permissions.answer(for: kind, on: site, isPrivate: isPrivate) {
            if decided == .allow { request.allow() } else { request.deny() }
            return true
        }
        if page.permissionPrompt.isShown {
            guard (waiting[page.id]?.count ?? 0) < Self.queueLimit else {
                logger.notice("too many permission requests from \(site ?? "a page"): denied")
                request.deny()
                return true
            }
            waiting[page.id, default: []].append(request)
            return true
        }
        ask(kind, request, site: site, on: page)
        return true
    }

    private func ask(_ kind: PermissionKind, _ request: PermissionRequest, site: String?, on page: TabPage) {
        page.permissionPrompt.ask(kind.question(site: Self.site(of: page.state.uri))) { [weak self, weak page] decision in
            if decision == .allow { request.allow() } else { request.deny() }
            guard let self else { return }
            if let site { self.keeper.decide(decision, for: kind, on: site) }
            guard let page, var queue = self.waiting[page.id], !queue.isEmpty else { return }
            let next = queue.removeFirst()
            self.waiting[page.id] = queue
            _ = self.handle(next, from: page)
        }
    }

    static func kind(of permission: WebPermission) -> PermissionKind? {
        switch permission {
        case .notifications: .notifications
        case .location: .location
        case .media(let audio, let video): video && audio ? .cameraAndMicrophone : video ? .camera : audio ? .microphone : nil
        case .other: nil
        }
    }

    /// "example.org" or "127.0.0.1:8080": what the question names.
    static func site(of uri: String?) -> String {
        guard let uri, let components = URLComponents(string: uri), let host = components.host else { return "This page" }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}

/// "Never for This Site" on the password bar, kept with the site's permissions (a private window
/// never offers to save, so never gets here).
extension PagePermissions: PasswordSitePolicy {
    func neverSavesPasswords(on site: String) -> Bool { keeper.permissions.decision(for: .savePasswords, on: site) == .deny }
    func neverSavePasswords(on site: String) { keeper.decide(.deny, for: .savePasswords, on: site) }
}
