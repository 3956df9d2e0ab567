/// What a page may ask for (docs/browser.md, "Permissions"), and what the user decided per site.
public enum PermissionKind: String, Sendable, CaseIterable {
    case notifications, location, camera, microphone, cameraAndMicrophone
    /// Windows a page opens with no click: never asked, only allowed from the pop-up bar.
    case popUps
    /// Ads and trackers the content blocker would stop: never asked, only allowed from the security
    /// popover (docs/content-blocking.md, "Per site").
    case adsAndTrackers
    /// Offering to save passwords typed into the site's forms: never asked, only denied from the
    /// password bar's "Never for This Site" (docs/browser.md, "Passwords in forms").
    case savePasswords

    /// The prompt's question: "example.org wants to show notifications."
    public func question(site: String) -> String {
        switch self {
        case .notifications: "\(site) wants to show notifications."
        case .location: "\(site) wants to know your location."
        case .camera: "\(site) wants to use your camera."
        case .microphone: "\(site) wants to use your microphone."
        case .cameraAndMicrophone: "\(site) wants to use your camera and microphone."
        case .popUps: "\(site) wants to open pop-up windows."
        case .adsAndTrackers: "\(site) wants to show ads and trackers."
        case .savePasswords: "Save passwords typed on \(site)?"
        }
    }
}

extension PermissionKind {
    /// Its name in Preferences' list: "Location".
    public var title: String {
        switch self {
        case .notifications: "Notifications"
        case .location: "Location"
        case .camera: "Camera"
        case .microphone: "Microphone"
        case .cameraAndMicrophone: "Camera and microphone"
        case .popUps: "Pop-up windows"
        case .adsAndTrackers: "Ads and trackers"
        case .savePasswords: "Saving passwords"
        }
    }
}

/// Allow and Deny, remembered per site and kind (docs/browser.md, "Permissions"): kept by the
/// browser's database for the main window, in memory for a private one. Nothing is ever granted
/// without asking; a private window never asks and denies.
public struct SitePermissions: Sendable, Equatable {
    public enum Decision: String, Sendable, Equatable { case allow, deny }

    /// What to do with a request.
    public enum Answer: Sendable, Equatable {
        case ask
        case decided(Decision)
    }

    /// One remembered answer, as Preferences lists it and the store keeps it.
    public struct Entry: Sendable, Equatable {
        public var site: String
        public var kind: PermissionKind
        public var decision: Decision
        public init(site: String, kind: PermissionKind, decision: Decision) {
            self.site = site
            self.kind = kind
            self.decision = decision
        }
    }

    /// What a change means for the store.
    public enum Change: Sendable, Equatable {
        case save(Entry)
        case remove(site: String, kind: PermissionKind)
    }

    /// At most this many decisions are kept; the oldest go first.
    public static let limit = 500

    private var decisions: [String: Entry] = [:]
    private var order: [String] = []

    /// `stored`: what the store gave back, oldest first; a blank or overlong site is skipped.
    public init(stored: [Entry] = []) {
        for entry in stored { _ = decide(entry.decision, for: entry.kind, on: entry.site) }
    }

    /// What was decided before for `kind` on `site`, or nil: ask.
    public func decision(for kind: PermissionKind, on site: String) -> Decision? {
        Site.key(site).flatMap { decisions[Self.key(kind, $0)]?.decision }
    }

    /// What to do with a request for `kind` from `site` (nil: a page without a host): a private
    /// window denies without asking; otherwise a remembered answer, or ask.
    public func answer(for kind: PermissionKind, on site: String?, isPrivate: Bool) -> Answer {
        if isPrivate { return .decided(.deny) }
        return site.flatMap { decision(for: kind, on: $0) }.map(Answer.decided) ?? .ask
    }

    /// The user answered: remembered (a page without a site is not). Returns what to write.
    public mutating func decide(_ decision: Decision, for kind: PermissionKind, on site: String) -> [Change] {
        guard let site = Site.key(site) else { return [] }
        let key = Self.key(kind, site)
        let entry = Entry(site: site, kind: kind, decision: decision)
        guard decisions[key] != entry else { return [] }
        if decisions.updateValue(entry, forKey: key) == nil { order.append(key) }
        var changes: [Change] = [.save(entry)]
        while order.count > Self.limit, let dropped = decisions.removeValue(forKey: order.removeFirst()) {
            changes.append(.remove(site: dropped.site, kind: dropped.kind))
        }
        return changes
    }

    /// Preferences → Remove: the site asks again for `kind`.
    public mutating func forget(_ kind: PermissionKind, on site: String) -> [Change] {
        guard let site = Site.key(site), decisions.removeValue(forKey: Self.key(kind, site)) != nil else { return [] }
        order.removeAll { $0 == Self.key(kind, site) }
        return [.remove(site: site, kind: kind)]
    }

    /// Every remembered answer, by site then kind (Preferences' list).
    public var entries: [Entry] {
        decisions.values.sorted { ($0.site, $0.kind.rawValue) < ($1.site, $1.kind.rawValue) }
    }

    private static func key(_ kind: PermissionKind, _ site: String) -> String { kind.rawValue + " " + site }
}
