import CGtk
import CWebKit

/// What a page's script asked for.
public enum ScriptDialogKind: Sendable, Equatable {
    case alert, confirm
    case prompt(defaultText: String)
    /// "Leave this page?" (a `beforeunload` handler asked).
    case leavePage
}

/// A page's `alert`, `confirm`, `prompt` or "leave this page?", answered later: WebKit keeps the
/// page's script waiting until `accept` or `cancel` (or until this is let go, which cancels).
@MainActor
public final class ScriptDialog {
    private let dialog: OpaquePointer
    public let kind: ScriptDialogKind
    public let message: String
    public private(set) var isAnswered = false

    init(retaining dialog: OpaquePointer) {
        _ = webkit_script_dialog_ref(dialog)
        self.dialog = dialog
        message = webkit_script_dialog_get_message(dialog).map { String(cString: $0) } ?? ""
        switch webkit_script_dialog_get_dialog_type(dialog) {
        case WEBKIT_SCRIPT_DIALOG_CONFIRM: kind = .confirm
        case WEBKIT_SCRIPT_DIALOG_PROMPT:
            kind = .prompt(defaultText: webkit_script_dialog_prompt_get_default_text(dialog).map { String(cString: $0) } ?? "")
        case WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM: kind = .leavePage
        default: kind = .alert
        }
    }

    isolated deinit {
        if !isAnswered { webkit_script_dialog_close(dialog) }
        webkit_script_dialog_unref(dialog)
    }

    /// OK (Leave, for "leave this page?"): `confirm` returns true, `prompt` returns `text`.
    public func accept(text: String = "") {
        guard !isAnswered else { return }
        switch kind {
        case .confirm, .leavePage: webkit_script_dialog_confirm_set_confirmed(dialog, 1)
        case .prompt: webkit_script_dialog_prompt_set_text(dialog, text)
        case .alert: break
        }
        close()
    }

    /// Cancel (Stay, for "leave this page?"): `confirm` returns false, `prompt` returns null.
    public func cancel() {
        guard !isAnswered else { return }
        if kind == .confirm || kind == .leavePage { webkit_script_dialog_confirm_set_confirmed(dialog, 0) }
        close()
    }

    private func close() {
        isAnswered = true
        webkit_script_dialog_close(dialog)
    }
}

public typealias ScriptDialogHandler = @MainActor (ScriptDialog) -> Bool

extension WebView {
    /// "script-dialog": `body` returns true when it will answer the dialog (keeping it until
    /// then), false to leave it to WebKit's own.
    @discardableResult
    public func onScriptDialog(_ body: @escaping ScriptDialogHandler) -> SignalHandlerID {
        onRequest("script-dialog") { body(ScriptDialog(retaining: OpaquePointer($0))) }
    }
}
