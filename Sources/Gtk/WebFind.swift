import CGtk
import CWebKit

/// A web view's find-in-page (WebKitFindController): searching highlights every match and
/// selects one; the answers come back as signals.
@MainActor
public final class FindController: Object {
    public override class var gType: GType { webkit_find_controller_get_type() }

    private var controller: OpaquePointer { OpaquePointer(raw) }

    /// Starts a search for `text` (case-insensitive, wrapping) from the selection: the next match is
    /// selected and the first `maxMatches` of the page highlighted; `onFound` (with the count, or
    /// UInt32.max for more than `maxMatches`) or `onNotFound` answers. WebKit's time grows with
    /// `maxMatches` (docs/find-and-zoom.md). A selection that is a match already moves to the next.
    public func search(_ text: String, maxMatches: UInt32) {
        let options = WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE.rawValue | WEBKIT_FIND_OPTIONS_WRAP_AROUND.rawValue
        webkit_find_controller_search(controller, text, options, maxMatches)
    }
    public func next() { webkit_find_controller_search_next(controller) }
    public func previous() { webkit_find_controller_search_previous(controller) }
    /// Ends the search: the highlights go.
    public func finish() { webkit_find_controller_search_finish(controller) }

    /// "found-text": how many matches there are (WebKit's count, at most the maximum asked).
    @discardableResult
    public func onFound(_ body: @escaping @MainActor (UInt32) -> Void) -> SignalHandlerID { onUInt("found-text", body) }
    /// "failed-to-find-text".
    @discardableResult
    public func onNotFound(_ body: @escaping VoidHandler) -> SignalHandlerID { on("failed-to-find-text", body) }
}

extension WebView {
    /// Makes the selection a caret at its start (in an isolated world: the page's scripts are not
    /// involved), so that searching the selected match's text again keeps it selected instead of
    /// moving on. WebKit handles it before a find request sent after it.
    public func collapseSelectionToStart() {
        webkit_web_view_evaluate_javascript(raw.assumingMemoryBound(to: WebKitWebView.self),
                                            "getSelection().rangeCount && getSelection().collapseToStart(); 0", -1,
                                            Self.skiffWorld, nil, nil, nil, nil)
    }

    /// The view's one find controller (WebKit keeps it for the view's life).
    public var findController: FindController? {
        Object.wrap(UnsafeMutableRawPointer(webkit_web_view_get_find_controller(raw.assumingMemoryBound(to: WebKitWebView.self))), as: FindController.self)
    }
}
