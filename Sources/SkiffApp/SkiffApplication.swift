import Browser
import BrowserModel
import Foundation
import Gtk
import Logging

/// The GtkApplication: the main window (which saves its tabs), any private windows opened from it
/// (which save nothing); quits when the last one closes.
@MainActor
public final class SkiffApplication {
    public static let id = "io.github.skiff.Skiff"
    let app = Application(id: SkiffApplication.id)
    let options: Options
    /// What a program other than `skiff` changes (skiff-bench); the defaults for `skiff`.
    let host: AppHost
    public private(set) var window: MainWindow?
    private var privateWindows: [MainWindow] = []
    /// Normal windows opened after the main one (Ctrl+N, Open Link in New Window).
    private var otherWindows: [MainWindow] = []
    private var persistence: BrowserPersistence?
    /// This process's claim on its data folder: later launches' addresses arrive through it.
    public var instance: SingleInstance?
    private var listening = false
    let logger = Logger(label: "skiff.app")
    /// The renderer decision made at start-up, said once the first window shows what GTK made of it.
    private var renderer: (outcome: RendererChoice.Outcome, took: Duration)?

    public init(options: Options, host: AppHost = AppHost()) {
        self.options = options
        self.host = host
        app.onStartup { [weak self] in self?.startup() }
        app.onActivate { [weak self] in self?.activate() }
    }

    public func run() -> Int32 { app.run() }

    private func startup() {
        // A logout, `kill` or Ctrl+C in a terminal is a quit: tabs saved, the database checkpointed
        // (its write-ahead log folded in), then exit — not a death that loses the last seconds.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            MainLoop.onUnixSignal(signal) { [weak self] in
                self?.logger.notice("signal \(signal): quitting")
                self?.quit()
            }
        }
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = RendererChoice.apply(environment: ProcessInfo.processInfo.environment)
        renderer = (outcome, clock.now - start)
        SystemAppearance.follow()
        for folder in Resources.iconFolders { GtkRuntime.addIconFolder(folder.path) }
        if let css = Resources.styleSheet {
            let problems = GtkRuntime.loadCSS(path: css.path)
            for p in problems { logger.warning("style.css: \(p)") }
        } else {
            logger.warning("style.css not found; set SKIFF_DATA_DIR to Skiff's data folder")
        }
    }

    private func activate() {
        if let window { window.window.present(); return }
        if let firstWindow = host.firstWindow {
            firstWindow(app)
            return
        }
        let sandbox = WebSandbox.probe()
        let persistence = options.isPrivate ? nil : (host.persistence.map { $0() } ?? BrowserPersistence.open())
        self.persistence = persistence
        let settings = options.isPrivate || !host.remembersSettings ? nil : SkiffSettings.open()
        let window = MainWindow(window: ApplicationWindow(application: app), options: options, sandbox: sandbox, persistence: persistence,
                                settings: settings, standIns: host.standIns)
        self.window = window
        install(window)
        window.window.onCloseRequest { [weak self, weak window] in
            if let window { self?.closing(window) }
            return false
        }
        window.window.present()
        reportRenderer(of: window.window)
        if let url = options.url {
            window.browser.open(url)
        } else if window.visibleSection == .browser {
            // A first launch or a new window on a blank tab takes typing at once (GNOME Web, Safari);
            // a restored page keeps the focus.
            window.browser.focusAddressIfBlank()
        }
        if let instance, !listening {
            listening = true
            instance.listen { [weak self] request in self?.handOver(request) }
        }
        host.windowShown?(window)
    }

    /// Says (SKIFF_LOG=info) which renderer GTK made for the window, and why: docs/rendering.md.
    private func reportRenderer(of window: Widget) {
        guard let renderer else { return }
        self.renderer = nil
        let ms = Double(renderer.took.components.attoseconds) / 1e15 + Double(renderer.took.components.seconds) * 1000
        logger.info("GTK draws with \(window.rendererTypeName ?? "no renderer yet") (\(RendererChoice.reason(renderer.outcome)); decided in \(String(format: "%.2f", ms)) ms)")
    }

    /// A later `skiff URL` on the same data: its address opens here, in a new tab; a later
    /// `skiff --subscribe URL` or `--import-opml FILE` subscribes here, Today shown.
    private func handOver(_ request: SingleInstance.Request) {
        if window == nil { activate() }
        guard let window else { return }
        window.window.present()
        if request.subscribe != nil || request.importOPML != nil {
            // As at start-up: Today shown (which makes it), where the new feeds come.
            window.stack.visibleChildName = Section.today.rawValue
            if let address = request.subscribe { window.subscribe(fromCommandLine: address) }
            if let file = request.importOPML { window.importOPML(fromCommandLine: file) }
        } else if let url = request.url {
            window.stack.visibleChildName = Section.browser.rawValue
            window.browser.open(url)
        } else if let name = request.section, let section = Section(rawValue: name) {
            window.stack.visibleChildName = section.rawValue
        }
        logger.info("handed over by another launch: \(request.subscribe ?? request.importOPML ?? request.url ?? request.section ?? "(nothing)")")
    }

    /// The app's commands and the way to open windows, in every window.
    private func install(_ main: MainWindow) {
        main.installAppCommands(quit: { [weak self] in self?.quit() }, newPrivateWindow: { [weak self] in self?.openPrivateWindow() },
                                newWindow: { [weak self] in self?.openWindow(url: nil) })
        main.browser.onOpenWindow = { [weak self] uri, isPrivate in
            if isPrivate { self?.openPrivateWindow(url: uri) } else { self?.openWindow(url: uri) }
        }
    }

    /// Ctrl+N, Open Link in New Window: another window on the same data. It records history, and
    /// its tabs are saved with the main window's (a restart brings them back there).
    func openWindow(url: String?) {
        guard let first = window else {
            activate()
            if let url { window?.browser.open(url) }
            return
        }
        var windowOptions = options
        windowOptions.url = nil
        windowOptions.section = .browser
        let main = MainWindow(window: ApplicationWindow(application: app), options: windowOptions, sandbox: WebSandbox.probe(),
                              persistence: first.browser.isPrivate ? nil : persistence, joinsSession: true)
        install(main)
        otherWindows.append(main)
        main.window.onCloseRequest { [weak self, weak main] in
            if let main { self?.closing(main) }
            return false
        }
        main.window.present()
        if let url { main.browser.load(url) } else { main.browser.focusAddressBar() }
    }

    /// A normal window is closing (GTK closes it; we drop our handle so nothing keeps its widgets
    /// alive). When it is the main window and others are open, the first of them becomes the main
    /// one: the saved session goes on, made of the windows still open.
    private func closing(_ closed: MainWindow) {
        guard closed === window else {
            persistence?.leave(closed.browser)
            otherWindows.removeAll { $0 === closed }
            return
        }
        closed.saveState()
        if otherWindows.isEmpty {
            window = nil
        } else {
            let next = otherWindows.removeFirst()
            persistence?.promote(next.browser)
            window = next
        }
        persistence?.flush()
    }

    /// Ctrl+Shift+N: a window whose tabs use an ephemeral WebKit session and write nothing to disk.
    private func openPrivateWindow(url: String? = nil) {
        var privateOptions = options
        privateOptions.isPrivate = true
        privateOptions.section = .browser
        let main = MainWindow(window: ApplicationWindow(application: app), options: privateOptions, sandbox: WebSandbox.probe(), persistence: nil)
        install(main)
        privateWindows.append(main)
        main.window.onCloseRequest { [weak self, weak main] in
            self?.privateWindows.removeAll { $0 === main }
            return false
        }
        main.window.present()
        if let url { main.browser.load(url) } else { main.browser.focusAddressBar() }
    }

    public func quit() {
        persistence?.flush()
        window?.saveState()
        for w in privateWindows + otherWindows { w.window.destroy() }
        privateWindows = []
        otherWindows = []
        window?.window.destroy()
        window = nil
        app.quit()
    }
}
