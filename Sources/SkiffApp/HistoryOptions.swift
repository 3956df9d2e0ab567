import ArgumentParser
import Foundation
import Home
import HomeModel

/// `--rewards-url http://host/history`: refused unless it is an http(s) URL with a host.
public struct RewardsURL: ExpressibleByArgument, Sendable, Equatable {
    public let address: String
    public init?(argument: String) {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host?.isEmpty == false else { return nil }
        address = argument
    }
}

extension Options {
    /// Where History's transactions come from: `--rewards-url`, else the bundled sample
    /// (`data/home/history.json`), read through the same parser.
    public var historySource: HistorySource {
        if let rewardsURL { return .server(rewardsURL.address) }
        return .file(Resources.sampleHistory ?? URL(fileURLWithPath: "data/home/history.json"))
    }

    /// The app's settings for History: 10 s timeout, the XDG cache (none in private windows),
    /// the user's time zone.
    public var historySettings: HistorySettings {
        HistorySettings(timeout: 10, cacheDirectory: isPrivate ? nil : HistorySettings.userCacheDirectory, timeZone: .current)
    }
}
