import BrowserModel
import Foundation
import Gtk

/// Ctrl+P: the print dialog for the page on screen (`PagePrinting`).
extension BrowserView {
    public func printPage() {
        guard let webView = currentPage?.webView, currentPage?.state.uri != nil else { return }
        printing.onFailure = { [weak self] message in self?.showNotice(message) }
        printing.showDialog(for: webView, title: currentPage?.state.title, uri: currentPage?.state.uri)
    }

    /// The page on screen straight to a PDF file (no dialog): what Print to File does.
    public func printPage(toPDF file: URL, done: @escaping @MainActor (String?) -> Void) {
        guard let webView = currentPage?.webView else { return done("no page") }
        printing.onFailure = { [weak self] message in self?.showNotice(message) }
        printing.printToPDF(webView, file: file, done: done)
    }
}

/// Ctrl+U: the page's source in a new tab next to it, from the bytes the page was loaded with
/// (nothing is fetched again, so a page that changes or has side effects shows what was shown).
/// The document is `PageSource`'s.
extension BrowserView {
    public func showPageSource() {
        guard let page = currentPage, let webView = page.webView, let uri = page.state.uri, !uri.hasPrefix("view-source:") else { return }
        webView.mainResourceData { [weak self] data in
            guard let self, let data else { return self?.showNotice("This page has no source to show.") ?? () }
            let html = PageSource.html(source: data, address: uri)
            self.endEditing(commit: false)
            let tab = self.pager.openTabAfterCurrent(now: self.now, inBackground: false)
            let opened = self.addPage(for: tab)
            opened.webView?.loadAlternateHTML(html, contentURI: "view-source:" + uri)
            self.tabSelected()
        }
    }
}
