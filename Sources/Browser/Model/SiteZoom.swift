import Foundation

/// The zoom level remembered per site (docs/find-and-zoom.md, "Per site"): a level set on a page
/// applies to every tab that loads a page of the same site. Only levels other than 100 % are kept.
public struct SiteZoom: Sendable, Equatable {
    /// At most this many sites are remembered; past it the one set longest ago is forgotten.
    public static let limit = 2_000
    /// What a change means for the store.
    public enum Change: Sendable, Equatable {
        case save(site: String, level: Double)
        case remove(site: String)
    }

    private var levels: [String: Double] = [:]
    /// Oldest first: what the limit drops.
    private var order: [String] = []

    /// `stored`: what the store gave back, oldest first. Levels out of range are brought into it;
    /// nonsense (not a number, a blank or overlong site) is skipped.
    public init(stored: [(site: String, level: Double)] = []) {
        for (site, level) in stored {
            guard let key = Site.key(site), level.isFinite else { continue }
            _ = set(level, for: key)
        }
    }

    /// The level for pages of `site`: 100 % unless one was set.
    public func level(for site: String) -> Double { Site.key(site).flatMap { levels[$0] } ?? PageZoom.normal }

    public var count: Int { levels.count }

    /// The user zoomed a page of `site` to `level`: what to write (nil: nothing changes). 100 %
    /// forgets the site.
    public mutating func set(_ level: Double, for site: String) -> [Change] {
        guard let key = Site.key(site), level.isFinite else { return [] }
        let clamped = min(max(level, PageZoom.steps[0]), PageZoom.steps[PageZoom.steps.count - 1])
        if abs(clamped - PageZoom.normal) < 0.001 {
            guard levels.removeValue(forKey: key) != nil else { return [] }
            order.removeAll { $0 == key }
            return [.remove(site: key)]
        }
        guard levels[key].map({ abs($0 - clamped) >= 0.001 }) ?? true else { return [] }
        if levels.updateValue(clamped, forKey: key) == nil { order.append(key) }
        var changes: [Change] = [.save(site: key, level: clamped)]
        while order.count > Self.limit {
            let dropped = order.removeFirst()
            levels[dropped] = nil
            changes.append(.remove(site: dropped))
        }
        return changes
    }
}
