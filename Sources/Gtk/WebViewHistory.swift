import CWebKit

extension WebView {
    /// The entry just behind the current one in the back/forward list, as a token that stays the
    /// same while that entry does (its WebKit object and address). A page that replaces itself
    /// (`location.replace`, a client redirect that locks history) keeps the same entry behind it;
    /// a new navigation puts the previous page there. nil when there is nothing to go back to.
    public var backEntryToken: String? {
        let view = raw.assumingMemoryBound(to: WebKitWebView.self)
        guard let list = webkit_web_view_get_back_forward_list(view),
              let item = webkit_back_forward_list_get_back_item(list) else { return nil }
        let uri = webkit_back_forward_list_item_get_uri(item).map { String(cString: $0) } ?? ""
        return "\(UInt(bitPattern: item))|\(uri)"
    }
}
