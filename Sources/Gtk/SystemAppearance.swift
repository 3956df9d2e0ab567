import CGtk
import Foundation
import Logging

/// Follows the desktop's light/dark preference, as GNOME apps do.
///
/// GTK 4.8 on its own does not read it: the preference lives in the settings portal
/// (`org.freedesktop.appearance color-scheme`: 0 no preference, 1 prefer dark, 2 prefer light),
/// which libadwaita reads for its apps. Skiff reads it the same way, asynchronously and without
/// auto-starting the portal (a cold portal start took 25 s here), then sets GTK's
/// `gtk-application-prefer-dark-theme`, which switches Adwaita to its dark variant. A change while
/// Skiff runs is followed too. Where there is no session bus or no portal, nothing changes.
@MainActor
public enum SystemAppearance {
    public enum Scheme: UInt32, Sendable {
        case noPreference = 0, preferDark = 1, preferLight = 2
    }

    /// How long the portal may take to answer before Skiff stays with the theme's default.
    static let portalTimeoutMilliseconds: Int32 = 1500
    static let logger = Logger(label: "skiff.appearance")
    private static var connection: OpaquePointer?
    private static var subscription: guint = 0

    /// Starts following. `SKIFF_COLOR_SCHEME=dark|light` forces a scheme (tests, screenshots).
    public static func follow() {
        if let forced = ProcessInfo.processInfo.environment["SKIFF_COLOR_SCHEME"] {
            apply(forced == "dark" ? .preferDark : forced == "light" ? .preferLight : .noPreference)
            return
        }
        g_bus_get(G_BUS_TYPE_SESSION, nil, busReady, nil)
    }

    /// Sets GTK's dark-variant preference from the scheme.
    public static func apply(_ scheme: Scheme) {
        guard let settings = gtk_settings_get_default() else { return }
        skiff_set_bool(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme", scheme == .preferDark ? 1 : 0)
    }

    /// Whether GTK is currently asked for the dark variant.
    public static var prefersDark: Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        return skiff_get_bool(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme") != 0
    }

    fileprivate static func connected(_ bus: OpaquePointer) {
        connection = bus
        subscription = g_dbus_connection_signal_subscribe(
            bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings", "SettingChanged",
            "/org/freedesktop/portal/desktop", "org.freedesktop.appearance", G_DBUS_SIGNAL_FLAGS_NONE,
            settingChanged, nil, nil)
        let arguments = g_variant_new_tuple([g_variant_new_string("org.freedesktop.appearance"),
                                             g_variant_new_string("color-scheme")].map { Optional($0) }, 2)
        g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                               "org.freedesktop.portal.Settings", "Read", arguments, nil,
                               G_DBUS_CALL_FLAGS_NO_AUTO_START, portalTimeoutMilliseconds, nil, readDone, nil)
    }

    /// The scheme inside a portal value, however many variants deep it is wrapped
    /// (`Read` wraps it twice in older portals, once in newer ones).
    public nonisolated static func scheme(in value: OpaquePointer?) -> Scheme? {
        var current = value.map { g_variant_ref($0) }
        defer { if let current { g_variant_unref(current) } }
        while let v = current, g_variant_is_of_type(v, skiff_variant_type_variant()) != 0 {
            let inner = g_variant_get_variant(v)
            g_variant_unref(v)
            current = inner
        }
        guard let v = current, g_variant_is_of_type(v, skiff_variant_type_uint32()) != 0 else { return nil }
        return Scheme(rawValue: g_variant_get_uint32(v)) ?? .noPreference
    }
}

private let busReady: GAsyncReadyCallback = { _, result, _ in
    var error: UnsafeMutablePointer<GError>?
    let bus = g_bus_get_finish(result, &error)
    if let error { g_error_free(error) }
    guard let bus else { return }
    nonisolated(unsafe) let connection = bus
    MainActor.assumeIsolated { SystemAppearance.connected(connection) }
}

private let readDone: GAsyncReadyCallback = { source, result, _ in
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_finish(source.map { OpaquePointer($0) }, result, &error)
    if let error {
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(error)
        MainActor.assumeIsolated { SystemAppearance.logger.debug("no colour-scheme preference from the portal: \(message)") }
        return
    }
    guard let reply else { return }
    let value = g_variant_get_child_value(reply, 0)
    let scheme = SystemAppearance.scheme(in: value)
    if let value { g_variant_unref(value) }
    g_variant_unref(reply)
    guard let scheme else { return }
    MainActor.assumeIsolated { SystemAppearance.apply(scheme) }
}

private let settingChanged: GDBusSignalCallback = { _, _, _, _, _, parameters, _ in
    // (namespace, key, value)
    guard let parameters, g_variant_n_children(parameters) == 3 else { return }
    guard let key = g_variant_get_child_value(parameters, 1) else { return }
    let name = String(cString: g_variant_get_string(key, nil))
    g_variant_unref(key)
    guard name == "color-scheme" else { return }
    let value = g_variant_get_child_value(parameters, 2)
    let scheme = SystemAppearance.scheme(in: value)
    if let value { g_variant_unref(value) }
    guard let scheme else { return }
    MainActor.assumeIsolated { SystemAppearance.apply(scheme) }
}
