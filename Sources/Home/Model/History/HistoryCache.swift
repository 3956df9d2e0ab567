import Foundation

/// Where the last good response from a server is kept: one file per server address under the
/// user's cache folder, so pointing `--rewards-url` elsewhere never shows another server's history.
public enum HistoryCache {
    /// `$XDG_CACHE_HOME/skiff/home`, or `~/.cache/skiff/home` when it is unset or not absolute
    /// (the XDG base-directory rules).
    public static func directory(environment: [String: String], home: String) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("skiff/home", isDirectory: true)
        }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/skiff/home", isDirectory: true)
    }

    /// `history-<16 hex digits>.json`: a stable FNV-1a hash of the address (Swift's `hashValue`
    /// changes with every launch).
    public static func fileName(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "history-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    }
}
