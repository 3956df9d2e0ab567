import ArgumentParser
import BrowserModel
import Foundation
import Gtk
import SkiffApp

/// Runs the app as `skiff` would, with `host` changed by a bench, until the bench quits it. No
/// single-instance claim (a bench touches no user data) and no settings read or remembered.
@MainActor
enum BenchLaunch {
    static func run(_ options: Options, _ configure: (inout AppHost, _ quit: @escaping @MainActor () -> Void) -> Void) throws {
        LogSetup.bootstrapOnce()
        if options.noWebSandbox { setenv(WebSandbox.disableVariable, "1", 1) }
        let holder = Holder()
        var host = AppHost()
        host.remembersSettings = false
        configure(&host) { holder.app?.quit() }
        let app = SkiffApplication(options: options, host: host)
        holder.app = app
        let status = app.run()
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor private final class Holder {
        weak var app: SkiffApplication?
    }

    /// The first line of every report: what was measured, and under which renderer.
    static func title(_ what: String) -> String {
        "Skiff \(Options.version) \(what) (renderer: \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default"))"
    }
}

/// A bench that runs on the main actor: ArgumentParser calls `run` there (main.swift is synchronous),
/// which is where GTK runs.
protocol MainActorBench: ParsableCommand {
    @MainActor func runOnMain() throws
}

extension MainActorBench {
    func run() throws {
        // ArgumentParser's commands are not Sendable; this one is read on the main thread it was parsed on.
        nonisolated(unsafe) let command = self
        try MainActor.assumeIsolated { try command.runOnMain() }
    }
}
