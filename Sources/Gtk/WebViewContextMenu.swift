import CGtk
import CWebKit

/// WebKit's own context-menu commands that a browser keeps (WebKitContextMenuAction).
public enum StockContextAction: Sendable, CaseIterable {
    case copyLink
    case copyImage, copyImageAddress
    case goBack, goForward, stop, reload
    case copy, cut, paste, delete, selectAll, insertEmoji
    case inspectElement

    var c: WebKitContextMenuAction {
        switch self {
        case .copyLink: WEBKIT_CONTEXT_MENU_ACTION_COPY_LINK_TO_CLIPBOARD
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

/// One line of a rewritten context menu.
public enum ContextMenuEntry {
    /// WebKit's own command, labelled `label`.
    case stock(StockContextAction, label: String)
    /// WebKit's own command as WebKit offered it (it knows whether it applies now: Back with no
    /// history, Paste with nothing to paste), else a new one labelled `label`.
    case webKit(StockContextAction, label: String)
    /// A command of the browser's own; `name` is unique within the menu.
    case custom(label: String, name: String, run: VoidHandler)
    case separator
}

/// The menu WebKit is about to show for a right click, while "context-menu" runs: what it
/// offered, and the browser's own items put in its place.
@MainActor
public final class ContextMenu {
    private let menu: OpaquePointer

    init(_ menu: OpaquePointer) { self.menu = menu }

    private var items: [OpaquePointer] {
        var found: [OpaquePointer] = []
        var node = webkit_context_menu_get_items(menu)
        while let current = node {
            node = current.pointee.next
            if let item = current.pointee.data { found.append(OpaquePointer(item)) }
        }
        return found
    }

    /// The stock commands WebKit put in the menu (the ones Skiff knows), in order.
    public var offered: [StockContextAction] {
        items.compactMap { StockContextAction(webkit_context_menu_item_get_stock_action($0)) }
    }

    /// Replaces the whole menu with `entries`.
    public func replace(with entries: [ContextMenuEntry]) {
        var webKitItems: [StockContextAction: OpaquePointer] = [:]
        for item in items {
            guard let action = StockContextAction(webkit_context_menu_item_get_stock_action(item)), webKitItems[action] == nil else { continue }
            // Kept alive across remove_all, which drops the menu's reference.
            g_object_ref(UnsafeMutableRawPointer(item))
            webKitItems[action] = item
        }
        webkit_context_menu_remove_all(menu)
        for entry in entries {
            switch entry {
            case .stock(let action, let label):
                webkit_context_menu_append(menu, webkit_context_menu_item_new_from_stock_action_with_label(action.c, label))
            case .webKit(let action, let label):
                if let item = webKitItems.removeValue(forKey: action) {
                    webkit_context_menu_append(menu, item)
                    g_object_unref(UnsafeMutableRawPointer(item))
                } else {
                    webkit_context_menu_append(menu, webkit_context_menu_item_new_from_stock_action_with_label(action.c, label))
                }
            case .custom(let label, let name, let run):
                // The item holds the action; the action holds `run` until the menu is gone.
                let action = Action(name: name, run)
                webkit_context_menu_append(menu, webkit_context_menu_item_new_from_gaction(OpaquePointer(action.raw), label, nil))
            case .separator:
                webkit_context_menu_append(menu, webkit_context_menu_item_new_separator())
            }
        }
        for item in webKitItems.values { g_object_unref(UnsafeMutableRawPointer(item)) }
    }
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
