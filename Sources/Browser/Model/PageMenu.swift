import Foundation

/// The page's context menu, GNOME Web's as the model (docs/where-am-i.md): what a right click on
/// a link, an image, a selection, a text field or the page itself offers, in that order.
public enum PageMenu {
    public enum Item: Equatable, Sendable {
        /// Browser commands.
        case openLinkInNewTab(String), openImageInNewTab(String), searchWeb(label: String, uri: String)
        case openLinkInNewWindow(String), openLinkInNewPrivateWindow(String)
        /// WebKit's own commands, carried out by WebKit.
        case copyLinkAddress
        /// The link's address, downloaded as the user's own download (never asked about, docs/downloads.md).
        case downloadLinkedFile(String)
        case copyImage, copyImageAddress
        /// The image's address: the save dialog asks where it goes, then it downloads as the user's own.
        case saveImageAs(String)
        case cut, copy, paste, delete, selectAll, insertEmoji
        /// A password field's: a strong password into it (and its confirmation), kept in the keyring.
        case suggestStrongPassword
        case back, forward, stop, reload
        case inspectElement
        case separator

        /// The words on the item.
        public var label: String {
            switch self {
            case .openLinkInNewTab: "Open Link in New Tab"
            case .openImageInNewTab: "Open Image in New Tab"
            case .searchWeb(let label, _): label
            case .openLinkInNewWindow: "Open Link in New Window"
            case .openLinkInNewPrivateWindow: "Open Link in New Private Window"
            case .copyLinkAddress: "Copy Link Address"
            case .downloadLinkedFile: "Download Linked File"
            case .copyImage: "Copy Image"
            case .copyImageAddress: "Copy Image Address"
            case .saveImageAs: "Save Image As…"
            case .cut: "Cut"
            case .copy: "Copy"
            case .paste: "Paste"
            case .delete: "Delete"
            case .selectAll: "Select All"
            case .insertEmoji: "Insert Emoji"
            case .suggestStrongPassword: "Suggest Strong Password"
            case .back: "Back"
            case .forward: "Forward"
            case .stop: "Stop"
            case .reload: "Reload"
            case .inspectElement: "Inspect Element"
            case .separator: ""
            }
        }
    }

    /// What was right-clicked.
    public struct Target: Equatable, Sendable {
        public var linkURI: String?
        public var imageURI: String?
        public var isEditable = false
        /// The field is a password's, and a suggested one could be kept (FormLogins.canSuggest).
        public var offersStrongPassword = false
        /// The click was on selected text.
        public var hasSelection = false
        /// The selected text (nil if unknown: then no search is offered).
        public var selection: String?
        public var isLoading = false
        public var canGoBack = false
        public var canGoForward = false
        public init(linkURI: String? = nil, imageURI: String? = nil, isEditable: Bool = false, hasSelection: Bool? = nil, selection: String? = nil,
                    isLoading: Bool = false, canGoBack: Bool = false, canGoForward: Bool = false) {
            self.linkURI = linkURI
            self.imageURI = imageURI
            self.isEditable = isEditable
            self.selection = selection
            self.hasSelection = hasSelection ?? (selection != nil)
            self.isLoading = isLoading
            self.canGoBack = canGoBack
            self.canGoForward = canGoForward
        }
    }

    /// A search's label quotes at most 24 characters of the selection (then "…"): the menu stays narrow.
    public static let quotedSelectionLength = 24
    /// Only the first 1,000 characters of a selection are searched for.
    public static let maximumSearchLength = 1_000

    /// The items, separators between groups, none leading, trailing or doubled.
    public static func items(for target: Target, searchEngine: SearchEngine, developerTools: Bool) -> [Item] {
        var groups: [[Item]] = []
        if let link = target.linkURI, !link.isEmpty {
            groups.append([.openLinkInNewTab(link), .openLinkInNewWindow(link), .openLinkInNewPrivateWindow(link)])
            groups.append([.copyLinkAddress, .downloadLinkedFile(link)])
        }
        if let image = target.imageURI, !image.isEmpty {
            groups.append([.openImageInNewTab(image), .copyImage, .copyImageAddress, .saveImageAs(image)])
        }
        if target.isEditable {
            if target.offersStrongPassword { groups.append([.suggestStrongPassword]) }
            groups.append([.cut, .copy, .paste, .delete])
            groups.append([.selectAll, .insertEmoji])
        } else if target.hasSelection, let search = target.selection.flatMap({ searchItem($0, engine: searchEngine) }) {
            groups.append([.copy, search])
        } else if target.hasSelection {
            groups.append([.copy])
        } else if target.linkURI == nil && target.imageURI == nil {
            groups.append([.back, .forward, target.isLoading ? .stop : .reload])
            groups.append([.selectAll])
        }
        if developerTools { groups.append([.inspectElement]) }
        return Array(groups.filter { !$0.isEmpty }.joined(separator: [.separator]))
    }

    static func searchItem(_ selection: String, engine: SearchEngine) -> Item? {
        let words = String(selection.prefix(maximumSearchLength))
            .split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard !words.isEmpty else { return nil }
        let quoted = words.count > quotedSelectionLength ? String(words.prefix(quotedSelectionLength - 1)) + "…" : words
        // Shown safely: the selection may hold bidi overrides too.
        let shown = SafeAddress.text(quoted)
        return .searchWeb(label: "Search the Web for “\(shown)”", uri: engine.url(for: words))
    }
}
