import CGtk
import Foundation

/// GSettings for one schema, found without ever aborting: `g_settings_new` kills the process when
/// its schema is not installed, so the schema is looked up first — among the installed ones, then
/// in the folders given (a build tree's compiled schema).
@MainActor
public final class GSettingsStore {
    private let settings: UnsafeMutablePointer<GSettings>
    private let schema: OpaquePointer
    public let schemaID: String

    private init(settings: UnsafeMutablePointer<GSettings>, schema: OpaquePointer, schemaID: String) {
        self.settings = settings
        self.schema = g_settings_schema_ref(schema)
        self.schemaID = schemaID
    }

    isolated deinit {
        g_settings_schema_unref(schema)
        g_object_unref(settings)
    }

    /// GLib aborts on a key its schema lacks (an older installed schema under a newer Skiff):
    /// such a key reads as its type's zero value and is not written.
    public func hasKey(_ key: String) -> Bool { g_settings_schema_has_key(schema, key) != 0 }

    /// The settings for `schemaID`, or nil when no compiled schema is found (a `gschemas.compiled`
    /// in one of `directories`, else installed).
    public static func open(schemaID: String, directories: [String] = []) -> GSettingsStore? {
        var schema: OpaquePointer?
        // The folders first: a build tree's own schema is newer than any installed one.
        for directory in directories where schema == nil {
            guard FileManager.default.fileExists(atPath: directory + "/gschemas.compiled") else { continue }
            var error: UnsafeMutablePointer<GError>?
            let source = g_settings_schema_source_new_from_directory(directory, g_settings_schema_source_get_default(), 0, &error)
            if let error { g_error_free(error) }
            guard let source else { continue }
            schema = g_settings_schema_source_lookup(source, schemaID, 0)
            g_settings_schema_source_unref(source)
        }
        if schema == nil, let source = g_settings_schema_source_get_default() {
            schema = g_settings_schema_source_lookup(source, schemaID, 1)
        }
        guard let schema else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard let settings = g_settings_new_full(schema, nil, nil) else { return nil }
        return GSettingsStore(settings: settings, schema: schema, schemaID: schemaID)
    }

    public func string(_ key: String) -> String {
        guard hasKey(key), let value = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }
    public func setString(_ key: String, _ value: String) { if hasKey(key) { g_settings_set_string(settings, key, value) } }
    public func int(_ key: String) -> Int { hasKey(key) ? Int(g_settings_get_int(settings, key)) : 0 }
    public func setInt(_ key: String, _ value: Int) { if hasKey(key) { g_settings_set_int(settings, key, Int32(clamping: value)) } }
    public func bool(_ key: String) -> Bool { hasKey(key) && g_settings_get_boolean(settings, key) != 0 }
    public func setBool(_ key: String, _ value: Bool) { if hasKey(key) { g_settings_set_boolean(settings, key, value ? 1 : 0) } }
    /// Writes pending changes now (the backend otherwise writes them a little later).
    public static func sync() { g_settings_sync() }
}
