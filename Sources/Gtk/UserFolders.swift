import CGtk
import Foundation

/// The user's folders as the desktop names them (xdg-user-dirs).
@MainActor
public enum UserFolders {
    /// The Downloads folder: `$SKIFF_DOWNLOAD_DIR` when set (tests, and anyone who wants another),
    /// else XDG's (`g_get_user_special_dir`), else ~/Downloads. Read each time: docs/downloads.md.
    public static var downloads: String {
        if let override = ProcessInfo.processInfo.environment["SKIFF_DOWNLOAD_DIR"], !override.isEmpty { return override }
        if let xdg = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) { return String(cString: xdg) }
        return (String(cString: g_get_home_dir()) as NSString).appendingPathComponent("Downloads")
    }
}
