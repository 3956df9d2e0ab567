import Foundation

/// What the browser does with a response once its headers are in (WebKit's response policy
/// decision): show it in the tab, save it as a download, or drop it. WebKit's own default
/// *ignores* a response whose type it cannot show, so a plain link to a `.zip` served without
/// `Content-Disposition: attachment` did nothing at all; the rule is in docs/downloads.md.
public enum ResponseDisposition: Equatable, Sendable {
    case show
    case download
    /// A sub-frame's file that nobody clicked for: dropped, as WebKit does (an ad frame
    /// must not start downloads).
    case ignore

    /// What is known of a response when WebKit asks.
    public struct Facts: Equatable, Sendable {
        /// The MIME type WebKit settled on (after its content sniffing), lowercased.
        public var mimeType: String
        /// Whether WebKit can show that type (`webkit_response_policy_decision_is_mime_type_supported`).
        public var canShow: Bool
        /// The tab's own page, not a resource or a sub-frame.
        public var isMainFrame: Bool
        /// A click or a key led to the navigation that brought this response.
        public var byUser: Bool
        /// The response's address.
        public var uri: String

        public init(mimeType: String, canShow: Bool, isMainFrame: Bool, byUser: Bool, uri: String) {
            (self.mimeType, self.canShow, self.isMainFrame, self.byUser, self.uri) = (mimeType.lowercased(), canShow, isMainFrame, byUser, uri)
        }
    }

    /// File name endings that are never text, whatever the server says: a `text/plain` answer for
    /// one of these is a misconfigured server (Apache's old default type, a bare file server),
    /// and showing it would fill the tab with binary noise.
    public static let binaryExtensions: [String] = [
        ".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar.bz2", ".tbz2", ".tar.zst", ".tar",
        ".gz", ".xz", ".bz2", ".zst", ".lz", ".lzma", ".zip", ".7z", ".rar",
        ".deb", ".rpm", ".apk", ".flatpak", ".snap", ".appimage", ".iso", ".img", ".qcow2",
        ".exe", ".msi", ".dmg", ".pkg", ".bin", ".jar", ".whl",
    ]

    public static func decide(_ facts: Facts) -> ResponseDisposition {
        if facts.canShow {
            // The one lie corrected: text/plain (or no type) for a file that cannot be text.
            let plain = facts.mimeType == "text/plain" || facts.mimeType.isEmpty
            guard plain, facts.isMainFrame || facts.byUser, hasBinaryExtension(facts.uri) else { return .show }
            return .download
        }
        // A type WebKit cannot show: the tab's own page always becomes a download (a link, a typed
        // address, a redirect); a sub-frame's only when a user's click led there.
        return facts.isMainFrame || facts.byUser ? .download : .ignore
    }

    /// Whether the address's path (not its query or fragment) ends in a binary file type.
    static func hasBinaryExtension(_ uri: String) -> Bool {
        let path = (URLComponents(string: uri)?.path ?? uri).lowercased()
        return binaryExtensions.contains { path.hasSuffix($0) }
    }
}
