import CGtk
import Foundation

/// Hands a file to the desktop: open it with its default application, or show it in the file
/// manager. (GTK 4.10's GtkFileLauncher does both; Debian 12 has GTK 4.8.)
@MainActor
public enum FileLauncher {
    /// Opens `path` with the application the desktop chose for its type; false with GIO's message
    /// when there is none or it failed to start.
    public static func open(_ path: String) -> String? {
        launch(URL(fileURLWithPath: path).absoluteString)
    }

    /// Shows `path` selected in the file manager (org.freedesktop.FileManager1 over D-Bus, as
    /// GNOME Web does), else opens its folder. `completion` gets nil, or why nothing could be shown.
    public static func showInFolder(_ path: String, completion: @escaping @MainActor (String?) -> Void = { _ in }) {
        let folder = (path as NSString).deletingLastPathComponent
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return completion(launch(URL(fileURLWithPath: folder).absoluteString)) }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let data = AsyncReady.userData({ source, result in
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            if let reply { g_variant_unref(reply); return completion(nil) }
            if let error { g_error_free(error) }
            completion(launch(URL(fileURLWithPath: folder).absoluteString))
        }, missing: { completion(launch(URL(fileURLWithPath: folder).absoluteString)) })
        g_dbus_connection_call(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                               "org.freedesktop.FileManager1", "ShowItems",
                               skiff_show_items_parameters(URL(fileURLWithPath: path).absoluteString),
                               nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, AsyncReady.callback, data)
    }

    private static func launch(_ uri: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri(uri, nil, &error) != 0 { return nil }
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "no application could open it"
        if let error { g_error_free(error) }
        return message
    }
}
