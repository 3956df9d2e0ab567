import Foundation

/// The member the Home tab greets and the Scan tab's card shows (data/home/profile.json).
public struct HomeProfile: Sendable, Hashable {
    public struct Reward: Sendable, Hashable {
        public var stars: Int
        public var title: String
        public init(stars: Int, title: String) { self.stars = stars; self.title = title }
    }

    public var name: String
    /// What the QR code carries and the card prints: digits, grouped by spaces as written.
    public var memberNumber: String
    public var stars: Int
    /// Reward levels, ascending by stars.
    public var rewards: [Reward]

    public init(name: String, memberNumber: String, stars: Int, rewards: [Reward]) {
        self.name = name
        self.memberNumber = memberNumber
        self.stars = stars
        self.rewards = rewards
    }

    /// The next level the balance has not reached, or nil once every level is reached.
    public var nextReward: Reward? { rewards.first { $0.stars > stars } }

    /// Progress from the last level reached (or 0) to the next one, 0…1; 1 once all are reached.
    public var progressToNext: Double {
        guard let next = nextReward else { return 1 }
        let floor = rewards.last { $0.stars <= stars }?.stars ?? 0
        let span = Double(next.stars - floor)
        return span > 0 ? min(max(Double(stars - floor) / span, 0), 1) : 1
    }

    /// "13 Stars to Handcrafted drink", or that every reward is within reach.
    public var progressText: String {
        guard let next = nextReward else { return "Every reward is within reach" }
        let missing = next.stars - stars
        return "\(missing) \(missing == 1 ? "Star" : "Stars") to \(next.title)"
    }
}

/// A tile on the Home tab (data/home/tiles.json).
public struct HomeTileData: Sendable, Hashable {
    public var id: String
    public var title: String
    public var subtitle: String
    /// Resolved against the tiles file's folder; nil draws no picture.
    public var image: URL?
    public var actionLabel: String
    public var route: HomeRoute

    public init(id: String, title: String, subtitle: String, image: URL?, actionLabel: String, route: HomeRoute) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.actionLabel = actionLabel
        self.route = route
    }
}
