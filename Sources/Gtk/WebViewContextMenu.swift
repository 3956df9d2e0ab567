import CGtk
import CWebKit

/// WebKit's own context-menu commands that a browser keeps (WebKitContextMenuAction).
public enum StockContextAction: Sendable, CaseIterable {
    case openLinkInNewWindow, downloadLink, copyLink
    case openImageInNewWindow, downloadImage, copyImage, copyImageAddress
    case goBack, goForward, stop, reload
    case copy, cut, paste, delete, selectAll, insertEmoji
    case inspectElement

    var c: WebKitContextMenuAction {
        switch self {
        case .openLinkInNewWindow: WEBKIT_CONTEXT_MENU_ACTION_OPEN_LINK_IN_NEW_WINDOW
        case .downloadLink: WEBKIT_CONTEXT_MENU_ACTION_DOWNLOAD_LINK_TO_DISK
        case .copyLink: WEBKIT_CONTEXT_MENU_ACTION_COPY_LINK_TO_CLIPBOARD
        case .openImageInNewWindow: WEBKIT_CONTEXT_MENU_ACTION_OPEN_IMAGE_IN_NEW_WINDOW
        case .downloadImage: WEBKIT_CONTEXT_MENU_ACTION_DOWNLOAD_IMAGE_TO_DISK
        case .copyImage: WEBKIT_CONTEXT_MENU_ACTION_COPY_IMAGE_TO_CLIPBOARD
        case .copyImageAddress: WEBKIT_CONTEXT_MENU_ACTION_COPY_IMAGE_URL_TO_CLIPBOARD
        case .goBack: WEBKIT_CONTEXT_MENU_ACTION_GO_BACK
        case .goForward: WEBKIT_CONTEXT_MENU_ACTION_GO_FORWARD
        case .stop: WEBKIT_CONTEXT_MENU_ACTION_STOP
        case .reload: WEBKIT_CONTEXT_MENU_ACTION_RELOAD
        case .copy: WEBKIT_CONTEXT_MENU_ACTION_COPY
        case .cut: WEBKIT_CONTEXT_MENU_ACTION_CUT
        case .paste: WEBKIT_CONTEXT_MENU_ACTION_PASTE
        case .delete: WEBKIT_CONTEXT_MENU_ACTION_DELETE
        case .selectAll: WEBKIT_CONTEXT_MENU_ACTION_SELECT_ALL
        case .insertEmoji: WEBKIT_CONTEXT_MENU_ACTION_INSERT_EMOJI
        case .inspectElement: WEBKIT_CONTEXT_MENU_ACTION_INSPECT_ELEMENT
        }
    }

    init?(_ raw: WebKitContextMenuAction) {
        guard let found = Self.allCases.first(where: { $0.c == raw }) else { return nil }
        self = found
    }
}

/// The menu WebKit is about to show for a right click, while "context-menu" runs: what it
/// offered, and the browser's own items put in its place.
@MainActor
public final class ContextMenu {
    private let menu: OpaquePointer
    /// The custom actions the menu's items activate: kept until the menu is gone.
    private var actions: [Action] = []

    init(_ menu: OpaquePointer) { self.menu = menu }

    /// The stock commands WebKit put in the menu (the ones Skiff knows), in order.
    public var offered: [StockContextAction] {
        var found: [StockContextAction] = []
        var node = webkit_context_menu_get_items(menu)
        while let current = node {
            node = current.pointee.next
            guard let item = current.pointee.data else { continue }
            if let action = StockContextAction(webkit_context_menu_item_get_stock_action(OpaquePointer(item))) { found.append(action) }
        }
        return found
    }

    public func removeAll() { webkit_context_menu_remove_all(menu) }

    /// WebKit's own command, with WebKit's label unless `label` is given.
    public func append(_ action: StockContextAction, label: String? = nil) {
        let item = label.map { webkit_context_menu_item_new_from_stock_action_with_label(action.c, $0) }
            ?? webkit_context_menu_item_new_from_stock_action(action.c)
        webkit_context_menu_append(menu, item)
    }

    /// A command of the browser's own; `name` is unique within this menu.
    public func append(_ label: String, name: String, _ body: @escaping VoidHandler) {
        let action = Action(name: name, body)
        actions.append(action)
        let item = webkit_context_menu_item_new_from_gaction(OpaquePointer(action.raw), label, nil)
        webkit_context_menu_append(menu, item)
    }

    public func appendSeparator() { webkit_context_menu_append(menu, webkit_context_menu_item_new_separator()) }
}

public typealias ContextMenuHandler = @MainActor (ContextMenu, HitTest) -> Void

extension WebView {
    /// "context-menu": `body` may rewrite the menu WebKit is about to show for a right click.
    @discardableResult
    public func onContextMenu(_ body: @escaping ContextMenuHandler) -> SignalHandlerID {
        connectBoxed("context-menu", unsafeBitCast(contextMenuTrampoline, to: UnsafeRawPointer.self), body, signature: .contextMenu)
    }
}

private let contextMenuTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, menu, result, data in
    guard let menu, let result, let body = ClosureBox<ContextMenuHandler>.from(data) else { return 0 }
    let hit = HitTest(result)
    // Called on the main thread, like every GTK signal: the menu never leaves it.
    nonisolated(unsafe) let pointer = menu
    MainActor.assumeIsolated { body(ContextMenu(pointer), hit) }
    // Shown by WebKit, as rewritten.
    return 0
}
