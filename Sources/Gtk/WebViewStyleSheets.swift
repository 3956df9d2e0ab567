import CGtk
import CWebKit

/// A style sheet of the user's level (above the page's own rules, `!important` against
/// `!important`), for every frame. Invisible to the page: no element, no `document.styleSheets` entry.
public final class UserStyleSheet: @unchecked Sendable {
    // WebKitUserStyleSheet is reference-counted atomically and never changed once made.
    fileprivate let sheet: OpaquePointer

    public init(css: String) {
        sheet = webkit_user_style_sheet_new(css, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WEBKIT_USER_STYLE_LEVEL_USER, nil, nil)
    }

    deinit { webkit_user_style_sheet_unref(sheet) }
}

extension WebView {
    /// Adds `sheet` to every page of this view's user content manager, the page shown included
    /// (WebKit styles it again). A view opened by another page shares its opener's manager.
    public func addStyleSheet(_ sheet: UserStyleSheet) {
        guard let manager = webkit_web_view_get_user_content_manager(raw.assumingMemoryBound(to: WebKitWebView.self)) else { return }
        webkit_user_content_manager_add_style_sheet(manager, sheet.sheet)
    }

    public func removeStyleSheet(_ sheet: UserStyleSheet) {
        guard let manager = webkit_web_view_get_user_content_manager(raw.assumingMemoryBound(to: WebKitWebView.self)) else { return }
        webkit_user_content_manager_remove_style_sheet(manager, sheet.sheet)
    }
}
