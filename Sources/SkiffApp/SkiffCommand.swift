import ArgumentParser
import Foundation
import Browser
import BrowserStore
import BrowserModel
import Gtk
import Logging

/// The `skiff` executable's entry: parses the command line, then hands over to GTK.
public struct SkiffCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "skiff",
        abstract: "Skiff: fluid, gesture-driven apps for the Linux desktop.",
        discussion: """
        Keyboard: Ctrl+L address bar, Alt+Left/Right back/forward, Ctrl+R or F5 reload, \
        Escape stop or leave the address bar, Ctrl+Q quit.
        Stars: Left/Right previous/next sign, Home/End Pisces/Aquarius; drag, scroll or the sign menu.
        """,
        version: Options.version)

    @OptionGroup public var options: Options

    public init() {}

    public mutating func run() throws {
        let options = self.options
        LogSetup.bootstrapOnce()
        // The content blocker's helper: no window, no single-instance claim; compile and exit.
        if let folder = options.compileContentFilters {
            let status = MainActor.assumeIsolated { FilterCompilation.runAsHelper(folder: folder, lists: options.filterLists) }
            if status != 0 { throw ExitCode(status) }
            return
        }
        if options.noWebSandbox { setenv(WebSandbox.disableVariable, "1", 1) }
        // One Skiff per data folder (see SingleInstance): a second launch hands its address over.
        var instance: SingleInstance?
        if !options.isPrivate {
            let request = SingleInstance.Request(url: options.url, section: options.section == .browser ? nil : options.section.rawValue,
                                                 subscribe: options.subscribe,
                                                 importOPML: options.importOPML.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            switch SingleInstance.claim(dataDirectory: DataLocations().dataDirectory, request: request) {
            case .primary(let claimed):
                instance = claimed
            case .handedOver:
                Logger(label: "skiff.instance").notice("Skiff is already running on this data: handed over to it")
                return
            case .failed(let reason):
                FileHandle.standardError.write(Data("skiff: \(reason) Nothing was opened, so nothing can be saved over its tabs.\n".utf8))
                throw ExitCode(1)
            case .unavailable(let reason):
                Logger(label: "skiff.instance").warning("running without the single-instance socket: \(reason)")
            }
        }
        let status = MainActor.assumeIsolated { [instance] () -> Int32 in
            let app = SkiffApplication(options: options)
            app.instance = instance
            return app.run()
        }
        if status != 0 { throw ExitCode(status) }
    }
}

public enum LogSetup {
    nonisolated(unsafe) private static var bootstrapped = false
    /// Logs to stderr; SKIFF_LOG=debug|info|warning|error picks the level (default: warning).
    public static func bootstrapOnce() {
        guard !bootstrapped else { return }
        bootstrapped = true
        let level = ProcessInfo.processInfo.environment["SKIFF_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
