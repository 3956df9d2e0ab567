import Foundation
import Gtk
import Home
import HomeModel

/// `--history-only`: Home's History page alone in a window, with F5/Ctrl+R and Ctrl+Q, for
/// screenshots and the benchmark while the Home shell is built separately. With `--bench` it
/// measures and quits.
@MainActor
final class HistoryWindow {
    let window: Window
    let page: HistoryPage
    private let options: Options
    private let source: HistorySource

    init(application: Application, options: Options, quit: @escaping @MainActor () -> Void) {
        self.options = options
        // Computed once: with --generated-history this writes the file.
        source = options.historySource
        window = ApplicationWindow(application: application)
        window.title = "History — Skiff"
        window.setIconName(SkiffApplication.id)
        window.setDefaultSize(width: options.windowSize.width, height: options.windowSize.height)
        let openedAt = FrameStats.monotonicNow
        page = HistoryPage(source: source, settings: options.historySettings)
        let header = HeaderBar()
        header.setTitleWidget(Label(page.title))
        window.setTitlebar(header)
        window.setChild(page.root)
        let shortcuts = ShortcutController()
        shortcuts.phase = .capture
        shortcuts.add("<Control>q") { quit(); return true }
        window.addController(shortcuts)
        window.onCloseRequest { [weak self] in
            self?.removeGeneratedFile()
            return false
        }
        window.present()
        MainLoop.idle { [weak self] in self?.page.focusDefault() }
        if options.bench {
            HistoryBenchmark(window: window, page: page, transactions: options.generatedHistory ?? 0, openedAt: openedAt) { [weak self] in
                self?.removeGeneratedFile()
                quit()
            }.start()
        }
    }

    func close() {
        removeGeneratedFile()
        window.destroy()
    }

    private func removeGeneratedFile() {
        if options.generatedHistory != nil, case let .file(url) = source {
            try? FileManager.default.removeItem(at: url)
        }
    }
}
