import Foundation
import HomeModel

/// Where History's transactions come from.
public enum HistorySource: Sendable, Equatable {
    /// A rewards server (`--rewards-url`), fetched over HTTP; the last good response is cached.
    case server(String)
    /// A file in the server's format (the bundled sample), read through the same parser.
    case file(URL)

    /// How problems name where they are ("http://…/history", "/…/history.json").
    var name: String {
        switch self {
        case let .server(address): address
        case let .file(url): url.path
        }
    }
}

/// What History needs besides its source. The defaults are the app's; tests shorten the timeout.
public struct HistorySettings: Sendable {
    /// The whole exchange (connect, answer, body) must finish within this.
    public var timeout: Double
    /// Where the last good response of a server is kept; nil keeps nothing (private windows).
    public var cacheDirectory: URL?
    /// Months and days are the user's: grouping follows this zone.
    public var timeZone: TimeZone

    public init(timeout: Double = 10, cacheDirectory: URL? = nil, timeZone: TimeZone = .current) {
        self.timeout = timeout
        self.cacheDirectory = cacheDirectory
        self.timeZone = timeZone
    }

    /// `$XDG_CACHE_HOME/skiff/home` (or `~/.cache/skiff/home`).
    public static var userCacheDirectory: URL {
        HistoryCache.directory(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
    }
}
