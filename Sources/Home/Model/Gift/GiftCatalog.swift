import Foundation

/// The Gift tab's designs and rules (data/home/gifts.json, docs/home-format.md "Gifts").
public struct GiftCatalog: Sendable, Hashable {
    public var designs: [GiftDesign]
    public var limits: GiftLimits

    public init(designs: [GiftDesign], limits: GiftLimits = GiftLimits()) {
        self.designs = designs
        self.limits = limits
    }

    public func design(id: String) -> GiftDesign? { designs.first { $0.id == id } }
}

public struct GiftDesign: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// "Thank You", "Birthday", …: shown under the name.
    public var occasion: String
    public var image: String?

    public init(id: String, name: String, occasion: String = "", image: String? = nil) {
        self.id = id
        self.name = name
        self.occasion = occasion
        self.image = image
    }
}

/// What a gift may be. The file may narrow these but never widen them past the hard caps below.
public struct GiftLimits: Sendable, Hashable {
    public static let hardMinimum = Money.dollars(1)
    public static let hardMaximum = Money.dollars(500)
    public static let hardMessageLimit = 250

    public var minimum: Money
    public var maximum: Money
    /// The amount buttons offered on the design page; each within minimum…maximum.
    public var presets: [Money]
    /// In characters as a person counts them (grapheme clusters: an emoji flag is one).
    public var messageLimit: Int

    public init(minimum: Money = .dollars(5), maximum: Money = .dollars(500),
                presets: [Money] = [.dollars(10), .dollars(25), .dollars(50), .dollars(100)], messageLimit: Int = 200) {
        self.minimum = minimum
        self.maximum = maximum
        self.presets = presets
        self.messageLimit = messageLimit
    }
}
