import Foundation

/// Where Skiff keeps its files, per the XDG Base Directory spec: browsing data (history, tabs) under
/// `$XDG_DATA_HOME/skiff`, state under `$XDG_STATE_HOME/skiff`.
public struct DataLocations: Equatable, Sendable {
    public static let appDirectoryName = "skiff"
    public static let browserDatabaseName = "browser.sqlite"
    /// The spec's mode for directories it asks apps to create: browsing history is private.
    public static let directoryPermissions: Int16 = 0o700

    public let dataDirectory: URL
    public let stateDirectory: URL

    public var browserDatabase: URL { dataDirectory.appendingPathComponent(Self.browserDatabaseName) }

    /// From the environment: an unset, empty or relative `XDG_DATA_HOME`/`XDG_STATE_HOME` means the
    /// default (~/.local/share, ~/.local/state), as the spec says relative paths must be ignored.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        func base(_ variable: String, default relative: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(relative, isDirectory: true)
        }
        self.init(
            dataDirectory: base("XDG_DATA_HOME", default: ".local/share").appendingPathComponent(Self.appDirectoryName, isDirectory: true),
            stateDirectory: base("XDG_STATE_HOME", default: ".local/state").appendingPathComponent(Self.appDirectoryName, isDirectory: true))
    }

    public init(dataDirectory: URL, stateDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.stateDirectory = stateDirectory
    }

    /// Creates `url` and any missing parents with mode 0700; an existing directory is left as it is.
    public static func createPrivateDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true,
            attributes: [.posixPermissions: NSNumber(value: directoryPermissions)])
    }
}
