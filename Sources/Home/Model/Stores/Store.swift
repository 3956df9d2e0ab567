import Foundation

public struct StoreAddress: Sendable, Hashable {
    public var street: String
    public var city: String
    /// State, province or county; may be empty.
    public var region: String
    public var postalCode: String
    /// ISO 3166 alpha-2 ("US", "GB").
    public var country: String

    public init(street: String, city: String, region: String = "", postalCode: String = "", country: String) {
        self.street = street
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }

    /// "Seattle, WA 98101".
    public var cityLine: String {
        let regionAndCode = [region, postalCode].filter { !$0.isEmpty }.joined(separator: " ")
        return regionAndCode.isEmpty ? city : "\(city), \(regionAndCode)"
    }

    public var lines: [String] { [street, cityLine, country] }
}

public struct Store: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var address: StoreAddress
    public var phone: String
    public var timeZone: TimeZone
    public var hours: WeeklyHours

    public init(id: String, name: String, address: StoreAddress, phone: String = "", timeZone: TimeZone, hours: WeeklyHours) {
        self.id = id
        self.name = name
        self.address = address
        self.phone = phone
        self.timeZone = timeZone
        self.hours = hours
    }

    public var clock: StoreClock { StoreClock(hours: hours, timeZone: timeZone) }

    /// Everything a search looks through, folded for comparison.
    var searchText: String {
        StoreSearch.fold([name, address.street, address.city, address.region, address.postalCode, address.country].joined(separator: " "))
    }
}

/// Filtering the store list as the person types.
public enum StoreSearch {
    /// Longer queries are cut: no store's text is longer.
    public static let maximumQueryLength = 100

    /// Case- and accent-insensitive: "zurich" finds "Zürich".
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The stores whose name or address contain every word of `query`, in the list's order.
    public static func filter(_ stores: [Store], query: String) -> [Store] {
        let words = fold(String(query.prefix(maximumQueryLength)))
            .split(whereSeparator: { $0.isWhitespace || $0 == "," })
            .map(String.init)
        guard !words.isEmpty else { return stores }
        return stores.filter { store in
            let haystack = store.searchText
            return words.allSatisfy { haystack.contains($0) }
        }
    }
}
