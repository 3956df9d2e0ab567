import Foundation

/// Builds large synthetic feeds for the scale benchmark and tests, straight into model values
/// (no JSON), deterministically: the same arguments always give the same feed.
public enum FeedGenerator {
    public static let defaultStartDate = CalendarDate(clampingYear: 2026, month: 11, day: 21)

    /// - Parameters:
    ///   - cardCount: total number of cards.
    ///   - sectionsOf: how many cards a section holds, drawn per section; the last section takes
    ///     whatever is left, so it may be smaller.
    ///   - imagePool: image files cycled through the cards; empty gives image-less cards.
    ///   - startDate: the newest section's date; each following section is one day older.
    ///   - seed: varies section sizes, kinds and colours between otherwise equal feeds.
    public static func generate(
        cardCount: Int,
        sectionsOf sizes: ClosedRange<Int> = 4...10,
        imagePool: [URL] = [],
        startDate: CalendarDate = defaultStartDate,
        seed: UInt64 = 0x5EED
    ) -> Feed {
        var random = SplitMix64(seed: seed)
        let smallest = max(1, sizes.lowerBound)
        let largest = max(smallest, sizes.upperBound)
        var sections: [FeedSection] = []
        sections.reserveCapacity(max(0, cardCount) / smallest + 1)
        var made = 0
        while made < cardCount {
            let size = min(cardCount - made, smallest + Int(random.next() % UInt64(largest - smallest + 1)))
            var cards: [Card] = []
            cards.reserveCapacity(size)
            for _ in 0..<size {
                cards.append(card(number: made, images: imagePool, random: &random))
                made += 1
            }
            // One day older per section; before year 1 the oldest date simply repeats.
            let date = startDate.adding(days: -sections.count) ?? sections.last?.date ?? startDate
            sections.append(FeedSection(date: date, cards: cards))
        }
        return Feed(sections: sections)
    }

    private static let eyebrows = ["WORLD PREMIERE", "APP OF THE DAY", "GAME OF THE DAY", "MEET THE DEVELOPER", "TIPS & TRICKS"]
    private static let titles = ["Chasing the Aurora", "Ten Apps for Rainy Days", "Behind the Pixels",
                                 "Make Every Minute Count", "The Art of the Sketch", "Sounds of the City"]

    private static let subtitles = ["A night under the lights", "Stay dry, stay busy", "How it was made", "Plan less, do more"]
    private static let body = ["A generated story for measuring the feed at scale."]

    private static func card(number: Int, images: [URL], random: inout SplitMix64) -> Card {
        let bits = random.next()
        let kind = CardKind.allCases[Int(bits % UInt64(CardKind.allCases.count))]
        let accent = RGBColor(red: UInt8(truncatingIfNeeded: bits >> 8),
                              green: UInt8(truncatingIfNeeded: bits >> 16),
                              blue: UInt8(truncatingIfNeeded: bits >> 24))
        return Card(
            id: "card-" + String(number),
            kind: kind,
            eyebrow: eyebrows[number % eyebrows.count],
            title: titles[number % titles.count],
            subtitle: number % 3 == 0 ? nil : subtitles[number % subtitles.count],
            imageURL: images.isEmpty ? nil : images[number % images.count],
            body: body,
            accent: accent,
            textColor: bits >> 32 & 1 == 0 ? .light : .dark
        )
    }

    /// The pictures in `directory`, by their real paths: pictures are opened without following a link
    /// anywhere on their path (`PictureFile.read`).
    public static func images(in directory: URL) -> [URL] {
        let directory = directory.resolvingSymlinksInPath()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }
            .filter { !$0.hasPrefix("profile") }.sorted().map { directory.appendingPathComponent($0) }
    }
}

/// A tiny, fast, seedable generator (Steele, Lea & Flood's SplitMix64), so generated feeds do
/// not depend on the platform's random source.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
