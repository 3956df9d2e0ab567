import ContentFilters
import Foundation
import Gtk
import Logging

/// Element hiding on one tab's page (docs/content-blocking.md, "Element hiding"): user style
/// sheets Skiff adds to the page's user content manager and removes again. From the start of each
/// load, the sheet of the site's rules; once the document is committed, the sheets of the page
/// before are dropped, and each batch of classes and ids `HidingScript` sends may add one sheet
/// for the generic rules that need them.
@MainActor
final class PageHiding {
    /// A page's sheets past this many are merged into one, so a page that keeps making new
    /// classes cannot pile them up.
    static let sheetsPerPage = 32
    /// A message longer than this is not one HidingScript sent (1,000 tokens of at most 128 bytes).
    static let maximumMessageBytes = 160_000

    private weak var webView: WebView?
    private var rules: HidingRules?
    /// The host the sheets are for.
    private var host: String?
    private var siteSheet: UserStyleSheet?
    /// The sheets of the page before, kept until the next is committed so its ads do not come back
    /// while the next loads.
    private var leaving: [UserStyleSheet] = []
    private var tokenSheets: [UserStyleSheet] = []
    /// The generic rules this document's sheets hold.
    private var applied = Set<Int>()
    private let logger = Logger(label: "skiff.browser.hiding")

    func watch(_ webView: WebView) {
        self.webView = webView
        webView.listen(channel: HidingScript.channel) { [weak self] text in self?.received(text) }
    }

    /// HidingScript, in the pages loaded while something is hidden: a page with blocking off or
    /// its site allowed runs none of it. Run once the document is parsed, not from its start: watching
    /// the parser add each element made a chapter of the Debian Reference load 50 ms slower.
    private var script: UserScript?
    private func runScript(_ wanted: Bool) {
        guard let webView, wanted != (script != nil) else { return }
        if let script {
            webView.removeUserScript(script)
            self.script = nil
        } else {
            let script = UserScript(source: HidingScript.source, frames: .all, atStart: false)
            webView.addUserScript(script)
            self.script = script
        }
    }

    /// The rules for the page now at `uri` (nil: nothing hidden), at the start of a load, a redirect,
    /// or when the browser's answer changed. The sheet of the site is in place before the document comes.
    func show(_ rules: HidingRules?, uri: String?) {
        let host = uri.flatMap { URLComponents(string: $0)?.host?.lowercased() }
        guard let webView, let rules, let host, rules.hides(onHost: host) else {
            clear()
            runScript(false)
            return
        }
        runScript(true)
        guard rules !== self.rules || host != self.host else { return }
        if rules !== self.rules {
            // Other lists: nothing of the old ones stays.
            clear()
        } else if let siteSheet {
            leaving.append(siteSheet)
            self.siteSheet = nil
        }
        self.rules = rules
        self.host = host
        let selectors = rules.siteSelectors(forHost: host)
        guard !selectors.isEmpty else { return }
        let sheet = UserStyleSheet(css: HidingRules.css(selectors))
        webView.addStyleSheet(sheet)
        siteSheet = sheet
    }

    /// A new document is shown: the page before's sheets go.
    func committed() {
        guard let webView else { return }
        for sheet in leaving + tokenSheets { webView.removeStyleSheet(sheet) }
        leaving = []
        tokenSheets = []
        applied = []
    }

    private func clear() {
        if let webView {
            for sheet in leaving + tokenSheets + [siteSheet].compactMap({ $0 }) { webView.removeStyleSheet(sheet) }
        }
        leaving = []
        tokenSheets = []
        siteSheet = nil
        applied = []
        rules = nil
        host = nil
    }

    private func received(_ text: String) {
        guard let webView, let rules, let host else { return }
        guard text.utf8.count <= Self.maximumMessageBytes,
              let tokens = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String],
              tokens.count <= HidingScript.tokensPerMessage else {
            logger.notice("a hiding message was dropped: not a list of at most \(HidingScript.tokensPerMessage) classes and ids")
            return
        }
        let selectors = rules.selectors(forTokens: tokens, host: host, applied: &applied)
        guard !selectors.isEmpty else { return }
        if tokenSheets.count >= Self.sheetsPerPage {
            for sheet in tokenSheets { webView.removeStyleSheet(sheet) }
            tokenSheets = []
            let merged = UserStyleSheet(css: HidingRules.css(rules.selectors(applied: applied)))
            webView.addStyleSheet(merged)
            tokenSheets.append(merged)
            return
        }
        let sheet = UserStyleSheet(css: HidingRules.css(selectors))
        webView.addStyleSheet(sheet)
        tokenSheets.append(sheet)
    }
}
