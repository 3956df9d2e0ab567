import CGtk
import CWebKit
import Foundation

@MainActor
open class Window: Widget {
    /// The type of the widget with the keyboard focus, for diagnostics ("GtkText", "WebKitWebView").
    public var focusTypeName: String? {
        gtk_window_get_focus(raw.assumingMemoryBound(to: GtkWindow.self)).map { String(cString: skiff_object_type_name($0)) }
    }

    /// The focus widget's type and accessible label ("GtkButton 'Back'"), for tests and diagnostics.
    public var focusDescription: String? {
        guard let focus = gtk_window_get_focus(raw.assumingMemoryBound(to: GtkWindow.self)) else { return nil }
        let type = String(cString: skiff_object_type_name(focus))
        let label = g_object_get_data(UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GObject.self), "skiff-accessible-label")
            .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        let ownLabel = skiff_is_a(focus, gtk_button_get_type()) != 0
            ? gtk_button_get_label(UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GtkButton.self)).map { String(cString: $0) } : nil
        var chain: [String] = []
        var parent = gtk_widget_get_parent(focus)
        while let p = parent, chain.count < 12 { chain.append(String(cString: skiff_object_type_name(p))); parent = gtk_widget_get_parent(p) }
        return [type, (label ?? ownLabel).map { "'\($0)'" }, ProcessInfo.processInfo.environment["SKIFF_FOCUS_CHAIN"] != nil ? "< " + chain.joined(separator: " < ") : nil].compactMap { $0 }.joined(separator: " ")
    }

    open override class var gType: GType { gtk_window_get_type() }

    /// Called after the keyboard focus moved to another widget.
    @discardableResult
    public func onFocusChanged(_ body: @escaping VoidHandler) -> SignalHandlerID { onNotify("focus-widget", body) }

    /// The focus is on a widget WebKit keeps inside a web view for itself (GTK 4 WebKit parents a
    /// GtkTextView there, which takes Tab as text): Tab out of a page lands in it and stays.
    public var focusIsInsideWebViewInternals: Bool {
        guard let focus = gtk_window_get_focus(window), skiff_is_a(focus, webkit_web_view_get_type()) == 0 else { return false }
        var parent = gtk_widget_get_parent(focus)
        while let p = parent {
            if skiff_is_a(p, webkit_web_view_get_type()) != 0 { return true }
            parent = gtk_widget_get_parent(p)
        }
        return false
    }

    /// A standalone window. GTK owns toplevels: the wrapper's own reference keeps it alive too.
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_window_new())) }

    public var window: UnsafeMutablePointer<GtkWindow> { raw.assumingMemoryBound(to: GtkWindow.self) }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }
    /// The window the desktop gives the keyboard to (GTK's "is-active").
    public var isActive: Bool { gtk_window_is_active(window) != 0 }
    public func setChild(_ child: Widget?) { gtk_window_set_child(window, child?.widget) }
    public func setTitlebar(_ bar: Widget?) { gtk_window_set_titlebar(window, bar?.widget) }
    public func setDefaultSize(width: Int, height: Int) { gtk_window_set_default_size(window, Int32(width), Int32(height)) }
    public func present() { gtk_window_present(window) }
    /// Keeps this window over `parent` (a dialog over the main window).
    public func setTransient(for parent: Window?) { gtk_window_set_transient_for(window, parent?.window) }
    public var isModal: Bool {
        get { gtk_window_get_modal(window) != 0 }
        set { gtk_window_set_modal(window, newValue ? 1 : 0) }
    }
    public func close() { gtk_window_close(window) }
    /// Destroys the window and, with it, every child and every handler connected to them.
    public func destroy() { gtk_window_destroy(window) }
    public func setIconName(_ name: String) { gtk_window_set_icon_name(window, name) }
    public var focusedWidgetPointer: UnsafeMutableRawPointer? { gtk_window_get_focus(window).map { UnsafeMutableRawPointer($0) } }
    public func setFocus(_ widget: Widget?) { gtk_window_set_focus(window, widget?.widget) }
    /// The application the window belongs to (an `ApplicationWindow`'s, or one set later); nil for a
    /// window of its own. The application's accelerators work only in its windows.
    public var application: Application? {
        gtk_window_get_application(window).map { Application(retaining: UnsafeMutableRawPointer($0)) }
    }
    @discardableResult
    public func onCloseRequest(_ body: @escaping BoolHandler) -> SignalHandlerID { onBool("close-request", body) }
}

@MainActor
public final class ApplicationWindow: Window {
    public override class var gType: GType { gtk_application_window_get_type() }
    public convenience init(application: Application) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_application_window_new(application.application)))
    }
}

@MainActor
public final class Application: Object {
    public override class var gType: GType { gtk_application_get_type() }

    public convenience init(id: String) {
        // Non-unique: every launch is its own process, so a launch never blocks on the session bus
        // and tests may start several apps at once.
        guard let app = gtk_application_new(id, G_APPLICATION_NON_UNIQUE) else {
            preconditionFailure("'\(id)' is not a valid application id")
        }
        self.init(adopting: UnsafeMutableRawPointer(app))
    }
    var application: UnsafeMutablePointer<GtkApplication> { raw.assumingMemoryBound(to: GtkApplication.self) }
    private var gapp: UnsafeMutablePointer<GApplication> { raw.assumingMemoryBound(to: GApplication.self) }

    @discardableResult
    public func onActivate(_ body: @escaping VoidHandler) -> SignalHandlerID { on("activate", body) }
    @discardableResult
    public func onStartup(_ body: @escaping VoidHandler) -> SignalHandlerID { on("startup", body) }

    /// Runs the main loop until the last window closes; returns the exit status.
    /// The command line is ours (swift-argument-parser), so GApplication sees no arguments.
    public func run() -> Int32 {
        MainLoop.installDispatchBridge()
        return g_application_run(gapp, 0, nil)
    }
    public func quit() { g_application_quit(gapp) }

    /// Registers the application without running it (what `run` does first): its windows can then
    /// be made, and its accelerators work in them. For a process that turns the main loop itself.
    public func register() -> Bool { g_application_register(gapp, nil, nil) != 0 }

    /// The keys of a named action ("win.reload"), for every window of the application: GTK
    /// handles them before the focused widget (capture phase), and menus show the first beside
    /// the item naming the action. Several actions may share a key; the first enabled one runs.
    public func setAccelerators(_ accelerators: [String], for action: String) {
        var strings = accelerators.map { strdup($0) }
        strings.append(nil)
        defer { for string in strings { free(string) } }
        strings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(application, action, $0)
            }
        }
    }

    /// The keys GTK holds for a named action, as GTK writes them back.
    public func accelerators(for action: String) -> [String] {
        Self.strings(gtk_application_get_accels_for_action(application, action))
    }

    /// The actions that have a key, as "win.name" (GTK's own list).
    public var actionsWithAccelerators: [String] { Self.strings(gtk_application_list_action_descriptions(application)) }

    /// A NULL-terminated string array GTK gave us, read and freed.
    private static func strings(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let list else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let item = list[index] { result.append(String(cString: item)); index += 1 }
        return result
    }

    public var windows: [UnsafeMutableRawPointer] {
        var result: [UnsafeMutableRawPointer] = []
        var node = gtk_application_get_windows(application)
        while let n = node {
            if let d = n.pointee.data { result.append(d) }
            node = n.pointee.next
        }
        return result
    }
}

/// Process-wide GTK set-up.
@MainActor
public enum GtkRuntime {
    private static var initialized = false
    /// Initializes GTK if a display can be opened. Never exits the process (unlike gtk_init).
    public static func initialize() -> Bool {
        if initialized { return true }
        initialized = gtk_init_check() != 0
        if initialized { MainLoop.installDispatchBridge() }
        return initialized
    }

    /// Loads a CSS file for the whole display. Returns parse errors as text (empty on success).
    @discardableResult
    public static func loadCSS(path: String) -> [String] {
        guard let display = gdk_display_get_default() else { return ["no display"] }
        let provider = gtk_css_provider_new()
        var problems: [String] = []
        withUnsafeMutablePointer(to: &problems) { problemsPtr in
            let id = g_signal_connect_data(provider, "parsing-error",
                unsafeBitCast(cssErrorTrampoline, to: GCallback.self), UnsafeMutableRawPointer(problemsPtr), nil, GConnectFlags(0))
            gtk_css_provider_load_from_path(provider, path)
            g_signal_handler_disconnect(provider, id)
        }
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
        return problems
    }

    /// Lets the display's icon theme find icons in `folder` (laid out as an icon theme: hicolor/…/apps).
    public static func addIconFolder(_ folder: String) {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return }
        gtk_icon_theme_add_search_path(theme, folder)
    }

    /// Turns GTK's "enable animations" setting on or off for this process (tests, benchmarks).
    public static func setAnimationsEnabled(_ on: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        skiff_set_bool(UnsafeMutableRawPointer(settings), "gtk-enable-animations", on ? 1 : 0)
    }
}

private let cssErrorTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<GError>?, UnsafeMutableRawPointer?) -> Void = { _, _, error, data in
    guard let data else { return }
    let problems = data.assumingMemoryBound(to: [String].self)
    problems.pointee.append(error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "CSS error")
}
