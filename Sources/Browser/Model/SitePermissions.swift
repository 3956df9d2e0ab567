/// What a page may ask for (docs/browser.md, "Permissions"), and what the user decided per site.
public enum PermissionKind: String, Sendable, CaseIterable {
    case notifications, location, camera, microphone, cameraAndMicrophone

    /// The prompt's question: "example.org wants to show notifications."
    public func question(site: String) -> String {
        switch self {
        case .notifications: "\(site) wants to show notifications."
        case .location: "\(site) wants to know your location."
        case .camera: "\(site) wants to use your camera."
        case .microphone: "\(site) wants to use your microphone."
        case .cameraAndMicrophone: "\(site) wants to use your camera and microphone."
        }
    }
}

/// Allow and Deny, remembered per site and kind for as long as the window's browser lives; a private
/// window remembers nothing (every request asks again). Nothing is ever granted without asking.
public struct SitePermissions: Sendable, Equatable {
    public enum Decision: Sendable, Equatable { case allow, deny }
    /// At most this many decisions are kept; the oldest go first.
    public static let limit = 500

    private var decisions: [String: Decision] = [:]
    private var order: [String] = []
    public let remembers: Bool

    public init(remembers: Bool) { self.remembers = remembers }

    /// What was decided before for `kind` on `site`, or nil: ask.
    public func decision(for kind: PermissionKind, on site: String) -> Decision? {
        decisions[Self.key(kind, site)]
    }

    public mutating func decide(_ decision: Decision, for kind: PermissionKind, on site: String) {
        guard remembers, !site.isEmpty else { return }
        let key = Self.key(kind, site)
        if decisions.updateValue(decision, forKey: key) == nil { order.append(key) }
        if order.count > Self.limit { decisions[order.removeFirst()] = nil }
    }

    /// Preferences → forget every decision.
    public mutating func reset() {
        decisions = [:]
        order = []
    }

    private static func key(_ kind: PermissionKind, _ site: String) -> String { kind.rawValue + " " + site.lowercased() }
}
