/// The selected text of a page, reported by a script in Skiff's isolated world (WebViewScripts.swift)
/// when the page is right-clicked, just before WebKit asks for the context menu. For "Search the
/// Web for “…”".
extension WebView {
    /// Only the first 1,000 characters are posted (docs/where-am-i.md).
    static let selectionScript = """
        window.addEventListener('contextmenu', () => {
            const text = String(document.getSelection() || '').slice(0, 1000);
            window.webkit.messageHandlers.skiffSelection.postMessage(text);
        }, true);
        """

    /// Calls `body` with the selected text (empty for none) on every right click in the page.
    public func onSelectionAtContextMenu(_ body: @escaping SelectionHandler) {
        addScript(Self.selectionScript, frames: .all, atStart: true, channel: "skiffSelection", body)
    }
}

public typealias SelectionHandler = @MainActor (String) -> Void
