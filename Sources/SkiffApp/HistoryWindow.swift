import Foundation
import Gtk
import Home
import HomeModel

/// `--history-only`: Home's History page alone in a window, with F5/Ctrl+R and Ctrl+Q (the README's
/// History screenshots, tools/screenshots.list).
@MainActor
final class HistoryWindow {
    let window: Window
    let page: HistoryPage

    init(application: Application, options: Options, quit: @escaping @MainActor () -> Void) {
        window = ApplicationWindow(application: application)
        window.title = "History — Skiff"
        window.setIconName(SkiffApplication.id)
        window.setDefaultSize(width: options.windowSize.width, height: options.windowSize.height)
        page = HistoryPage(source: options.historySource, settings: options.historySettings)
        let header = HeaderBar()
        header.setTitleWidget(Label(page.title))
        window.setTitlebar(header)
        window.setChild(page.root)
        let shortcuts = ShortcutController()
        shortcuts.phase = .capture
        shortcuts.add("<Control>q") { quit(); return true }
        window.addController(shortcuts)
        window.present()
        MainLoop.idle { [weak self] in self?.page.focusDefault() }
    }

    func close() { window.destroy() }
}
