import Browser
import BrowserModel
import Foundation
import Gtk
import Logging

/// The GtkApplication: one main window; quits when it closes.
@MainActor
public final class SkiffApplication {
    public static let id = "io.github.skiff.Skiff"
    let app = Application(id: SkiffApplication.id)
    let options: Options
    public private(set) var window: MainWindow?
    let logger = Logger(label: "skiff.app")
    /// Process start, for the start-up figure in `--bench`.
    let launchedAt = Date()

    public init(options: Options) {
        self.options = options
        app.onStartup { [weak self] in self?.startup() }
        app.onActivate { [weak self] in self?.activate() }
    }

    public func run() -> Int32 { app.run() }

    private func startup() {
        if let css = Resources.styleSheet {
            let problems = GtkRuntime.loadCSS(path: css.path)
            for p in problems { logger.warning("style.css: \(p)") }
        } else {
            logger.warning("style.css not found; set SKIFF_DATA_DIR to Skiff's data folder")
        }
    }

    private func activate() {
        if let window { window.window.present(); return }
        let sandbox = WebSandbox.probe()
        let window = MainWindow(window: ApplicationWindow(application: app), options: options, sandbox: sandbox)
        self.window = window
        window.installAppShortcuts { [weak self] in self?.quit() }
        window.window.onCloseRequest { [weak self] in
            // Let GTK close it; drop our handle so nothing keeps the window's widgets alive.
            self?.window = nil
            return false
        }
        window.window.present()
        if let url = options.url { window.browser.load(url) }
        if options.bench {
            Benchmark(window: window, launchedAt: launchedAt, url: options.url) { [weak self] in self?.quit() }.start()
        }
    }

    public func quit() {
        window?.window.destroy()
        window = nil
        app.quit()
    }
}
