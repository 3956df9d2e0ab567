import BrowserModel
import Gtk

/// The page's right-click menu, a real browser's (GNOME Web's as the model): WebKit's menu is
/// replaced, as it is about to open, by the items `PageMenu` decides on. WebKit's own commands
/// stay WebKit's; "Open Link in New Tab", "Open Image in New Tab" and "Search the Web" are the
/// browser's. docs/where-am-i.md.
@MainActor
final class PageContextMenu {
    /// Opens `uri` in a new tab next to this one (the browser's); in the background for a link or
    /// an image, as GNOME Web does, in front for a search.
    var openInNewTab: (_ uri: String, _ inBackground: Bool) -> Void = { _, _ in }
    var openInNewWindow: (_ uri: String, _ isPrivate: Bool) -> Void = { _, _ in }
    /// Downloads `uri` as the user's own (asking where it goes when `askWhere`): the browser's downloads.
    var download: (_ uri: String, _ askWhere: Bool) -> Void = { _, _ in }
    /// The browser's search engine, read when the menu opens.
    var searchEngine: () -> SearchEngine = { .duckDuckGo }
    /// Whether a right-clicked password field is offered a strong password, and its choice
    /// (the tab's FormPasswords).
    var suggestsStrongPassword: () -> Bool = { false }
    var suggestStrongPassword: () -> Void = {}
    /// Whether Inspect Element is offered.
    var developerTools: () -> Bool = { false }
    /// The page's selected text, as last reported (nil: none or unknown).
    var selection: String?
    /// What the last menu held (tests compare it with what GTK shows).
    private(set) var lastItems: [PageMenu.Item] = []

    func watch(_ webView: WebView) {
        webView.developerExtrasEnabled = developerTools()
        webView.onSelectionAtContextMenu { [weak self] text in self?.selection = text.isEmpty ? nil : text }
        webView.onContextMenu { [weak self, weak webView] menu, hit in
            guard let self, let webView else { return }
            var target = PageMenu.Target(linkURI: hit.linkURI, imageURI: hit.imageURI, isEditable: hit.isEditable,
                                         hasSelection: hit.isSelection, selection: hit.isSelection ? self.selection : nil, isLoading: webView.isLoading,
                                         canGoBack: webView.canGoBack, canGoForward: webView.canGoForward)
            target.offersStrongPassword = hit.isEditable && self.suggestsStrongPassword()
            let items = PageMenu.items(for: target, searchEngine: self.searchEngine(), developerTools: self.developerTools())
            self.lastItems = items
            menu.replace(with: items.enumerated().map { self.entry(for: $1, index: $0) })
        }
    }

    private func entry(for item: PageMenu.Item, index: Int) -> ContextMenuEntry {
        let label = item.label
        switch item {
        case .openLinkInNewTab(let uri), .openImageInNewTab(let uri):
            return .custom(label: label, name: "open-in-new-tab-\(index)") { [weak self] in self?.openInNewTab(uri, true) }
        case .searchWeb(_, let uri):
            return .custom(label: label, name: "search-the-web-\(index)") { [weak self] in self?.openInNewTab(uri, false) }
        case .separator: return .separator
        case .openLinkInNewWindow(let uri):
            return .custom(label: label, name: "open-in-new-window-\(index)") { [weak self] in self?.openInNewWindow(uri, false) }
        case .openLinkInNewPrivateWindow(let uri):
            return .custom(label: label, name: "open-in-private-window-\(index)") { [weak self] in self?.openInNewWindow(uri, true) }
        case .copyLinkAddress: return .stock(.copyLink, label: label)
        // The browser's own downloads, not WebKit's stock commands: WebKit starts those with no
        // navigation, and the downloads could not tell them from a download no click asked for.
        case .downloadLinkedFile(let uri):
            return .custom(label: label, name: "download-link-\(index)") { [weak self] in self?.download(uri, false) }
        case .copyImage: return .stock(.copyImage, label: label)
        case .copyImageAddress: return .stock(.copyImageAddress, label: label)
        case .saveImageAs(let uri):
            return .custom(label: label, name: "save-image-\(index)") { [weak self] in self?.download(uri, true) }
        case .cut: return .webKit(.cut, label: label)
        case .copy: return .webKit(.copy, label: label)
        case .paste: return .webKit(.paste, label: label)
        case .delete: return .webKit(.delete, label: label)
        case .selectAll: return .webKit(.selectAll, label: label)
        case .insertEmoji: return .webKit(.insertEmoji, label: label)
        case .suggestStrongPassword:
            return .custom(label: label, name: "suggest-strong-password-\(index)") { [weak self] in self?.suggestStrongPassword() }
        case .back: return .webKit(.goBack, label: label)
        case .forward: return .webKit(.goForward, label: label)
        case .stop: return .webKit(.stop, label: label)
        case .reload: return .webKit(.reload, label: label)
        case .inspectElement: return .stock(.inspectElement, label: label)
        }
    }
}

extension BrowserView {
    /// Connects a new tab's context menu to the browser: its new tabs and its search engine.
    func connectContextMenu(of page: TabPage) {
        page.contextMenu.openInNewTab = { [weak self, weak page] uri, inBackground in
            guard let self, let page else { return }
            self.tabPage(page, wantsNewTabFor: uri, inBackground: inBackground)
        }
        page.contextMenu.openInNewWindow = { [weak self] uri, isPrivate in self?.openInNewWindow(uri, isPrivate: isPrivate) }
        page.contextMenu.download = { [weak self, weak page] uri, askWhere in
            guard let self, let view = page?.webView else { return }
            self.downloads.download(uri, with: view, askWhere: askWhere)
        }
        page.contextMenu.searchEngine = { [weak self] in self?.searchEngine ?? .duckDuckGo }
        page.contextMenu.developerTools = { [weak self] in self?.developerTools ?? false }
    }

    /// Preferences → Developer tools: every tab's web view, now and when made.
    func applyDeveloperTools() {
        for page in pages.values { page.webView?.developerExtrasEnabled = developerTools }
    }

    /// What the current tab's last context menu held, as labels (tests compare it with the screen).
    public var lastContextMenuLabels: [String] { currentPage?.contextMenu.lastItems.map(\.label) ?? [] }
}
