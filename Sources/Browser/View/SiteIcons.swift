import BrowserModel
import Foundation
import Gtk

/// Site icons for the start page and the suggestions, from WebKit's favicon database (on disk for
/// the persistent session, in memory for a private window's), kept decoded within a byte budget
/// (`IconCacheBudget`). Asking never blocks: a known icon is returned at once, any other is looked
/// up asynchronously and handed to `ready` when WebKit answers.
@MainActor
final class SiteIcons {
    private let database: FaviconDatabase?
    private var textures: [String: Texture] = [:]
    private var budget = IconCacheBudget<String>()
    /// Pages asked about and not yet answered: their waiting callers.
    private var pending: [String: [@MainActor (Texture) -> Void]] = [:]
    /// Pages WebKit had no icon for, and when: asked again only after `missRetry` seconds, so the
    /// suggestions do not ask once per keystroke (an icon arrives after its page has loaded).
    private var missing: [String: Date] = [:]
    static let missRetry: TimeInterval = 10
    /// Misses remembered at most (one a page; forgotten all at once past it).
    static let missLimit = 1000

    init(database: FaviconDatabase?) { self.database = database }

    /// The icon of the page at `uri` now if known; otherwise nil, and `ready` runs if one arrives.
    func icon(for uri: String, ready: @escaping @MainActor (Texture) -> Void) -> Texture? {
        if let texture = textures[uri] {
            budget.touch(uri)
            return texture
        }
        guard let database else { return nil }
        if let missed = missing[uri], Date().timeIntervalSince(missed) < Self.missRetry { return nil }
        if pending[uri] != nil {
            pending[uri]?.append(ready)
            return nil
        }
        pending[uri] = [ready]
        database.favicon(for: uri) { [weak self] texture in self?.arrived(texture, for: uri) }
        return nil
    }

    private func arrived(_ texture: Texture?, for uri: String) {
        let waiting = pending.removeValue(forKey: uri) ?? []
        guard let texture, IconCacheBudget<String>.accepts(width: texture.pixelWidth, height: texture.pixelHeight) else {
            if missing.count >= Self.missLimit { missing.removeAll() }
            missing[uri] = Date()
            return
        }
        for dropped in budget.insert(uri, byteCount: texture.pixelWidth * texture.pixelHeight * 4) {
            textures[dropped] = nil
        }
        textures[uri] = texture
        for caller in waiting { caller(texture) }
    }
}

extension SiteIcons {
    /// Puts the site's icon where `letter` stands in `holder`: at once if `icons` knows it, else
    /// when it arrives (the start page's tiles and the suggestion rows alike).
    static func replace(_ letter: Label, in holder: Box, withIconOf uri: String, from icons: SiteIcons?,
                        image: @escaping @MainActor (Texture) -> Image) {
        let swap: @MainActor (Texture) -> Void = { [weak holder, weak letter] texture in
            // A reused row may have been given another page's letter meanwhile.
            guard let holder, let letter, letter.isChild(of: holder) else { return }
            holder.remove(letter)
            holder.append(image(texture))
        }
        if let known = icons?.icon(for: uri, ready: swap) { swap(known) }
    }
}
