import BrowserModel
import Foundation
import Gtk

/// The connection's security at the start of the address bar: a lock for HTTPS with a verified
/// certificate, "Not Secure" for plain HTTP. A click, Enter or Space opens a popover that says
/// what it means and shows the certificate and its problems (docs/where-am-i.md).
@MainActor
final class SecurityIndicator {
    let popover = Popover()
    let button: MenuButton
    private let icon = Image(iconName: "channel-secure-symbolic", pixelSize: 16)
    private let words = Label("")
    private let details = Box(.vertical, spacing: 8)
    private(set) var security = ConnectionSecurity.none
    private var certificate: CertificateSummary?
    /// Reads the page's certificate when the popover opens (nil: none).
    var readCertificate: () -> CertificateSummary? = { nil }
    /// Reads whether the page's site is spared the content blocker (nil: no switch to show).
    var readBlocking: () -> SiteBlocking.Choice? = { nil }
    /// The switch was turned for a site.
    var onAllowAdsAndTrackers: (_ allowed: Bool, _ site: String) -> Void = { _, _ in }
    /// Kept here: its handler reads it, and GTK alone would hold only the widget.
    private var blockingCheck: CheckButton?
    fileprivate var blockedLabel: Label?
    /// A press on the indicator: the bars must not take it as a tap that edits the address.
    var onPress: () -> Void = {}

    init() {
        let row = Box(.horizontal, spacing: 4)
        words.addCSSClass("skiff-not-secure")
        row.append(icon)
        row.append(words)
        button = MenuButton(child: row, popover: popover)
        button.addCSSClass("skiff-security")
        button.valign = .center
        // Out of the Tab cycle (Tab from the page goes to the address, as before); Ctrl+I is the
        // keyboard's way in, and a click must not take the focus from the page.
        button.canFocus = false
        details.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        details.setSizeRequest(width: 300, height: -1)
        popover.setChild(details)
        // The bar is at the window's bottom: below it a popover would leave the window.
        popover.opensUpward()
        popover.onShow { [weak self] in self?.fillPopover() }
        // An open popover outliving its window keeps X's pointer grab: every later window of the
        // process stops getting clicks. It goes with the button.
        button.onUnmap { [weak self] in self?.popover.popdown() }
        // Capture phase: after the bars' own capture gesture has seen the press, before it ends.
        let press = GestureClick()
        press.phase = .capture
        press.onPressed { [weak self] _, _, _ in self?.onPress() }
        button.addController(press)
        button.isVisible = false
    }

    var root: Widget { button }
    var isShown: Bool { button.isVisible }

    /// The state of the page in this bar; hidden while the address is being edited (then the
    /// field shows the whole address) and when there is nothing to say.
    func show(_ security: ConnectionSecurity, editing: Bool) {
        if security != self.security {
            self.security = security
            if let name = security.iconName { icon.setIconName(name) }
            words.text = security.label ?? ""
            words.isVisible = security.label != nil
            button.setAccessibleLabel(security.summary)
            button.tooltip = security.summary
            if security == .notSecure || security.label != nil { button.addCSSClass("insecure") } else { button.removeCSSClass("insecure") }
        }
        let visible = security != .none && !editing
        if button.isVisible != visible { button.isVisible = visible }
        if !visible && popover.isOpen { popover.popdown() }
    }

    private func fillPopover() {
        details.removeAll()
        let heading = Label(security.summary)
        heading.addCSSClass("heading")
        heading.setXAlign(0)
        details.append(heading)
        let explanation = Label(security.explanation)
        explanation.wraps = true
        explanation.maxWidthChars = 40
        explanation.setXAlign(0)
        explanation.setAccessibleLabel(security.explanation)
        details.append(explanation)
        appendBlockingSwitch()
        guard let certificate = readCertificate() else { return }
        for (title, value) in certificate.lines() {
            let line = Box(.vertical, spacing: 0)
            let name = Label(title)
            name.addCSSClass("caption-heading")
            name.addCSSClass("dim-label")
            name.setXAlign(0)
            let text = Label(value)
            text.wraps = true
            text.maxWidthChars = 40
            text.selectable = true
            text.setXAlign(0)
            text.setAccessibleLabel("\(title): \(value)")
            line.append(name)
            line.append(text)
            details.append(line)
        }
    }
}

extension SecurityIndicator {
    /// "Allow Ads and Trackers on This Site", as GNOME Web offers it beside the page's security.
    fileprivate func appendBlockingSwitch() {
        blockingCheck = nil
        blockedLabel = nil
        guard let choice = readBlocking() else { return }
        let check = CheckButton(label: "Allow Ads and Trackers on This Site")
        check.isActive = choice.allowed
        check.onToggled { [weak self, weak check] in
            guard let self, let check else { return }
            self.onAllowAdsAndTrackers(check.isActive, choice.site)
        }
        blockingCheck = check
        details.append(check)
        let count = Label("")
        count.setXAlign(0)
        count.wraps = true
        count.addCSSClass("dim-label")
        blockedLabel = count
        details.append(count)
        showBlockedCount()
    }

    /// The page's blocked requests, under the check box; kept current while the popover is open.
    func showBlockedCount() {
        guard let blockedLabel else { return }
        let text = readBlocking()?.blockedText
        blockedLabel.isVisible = text != nil
        if let text, blockedLabel.text != text { blockedLabel.text = text }
    }
}

/// The security of the page a tab shows: nothing while a load has started and not yet committed
/// (the bar already shows the new address, and WebKit still reports the old page's certificate),
/// decided when the page is committed, and kept while the tab is suspended.
@MainActor
final class PageSecurity {
    private(set) var state = ConnectionSecurity.none
    private(set) var certificate: CertificateSummary?

    /// Connected before the tab's own handlers, so the bar rendered for the event already shows it.
    func watch(_ webView: WebView) {
        webView.onLoadChanged { [weak self, weak webView] event in
            guard let self, let webView else { return }
            if event == .started {
                self.state = .none
                self.certificate = nil
            }
            guard event == .committed else { return }
            let info = webView.certificate
            self.state = ConnectionSecurity.of(uri: webView.uri, certificate: info?.errorFlags)
            self.certificate = info.map {
                CertificateSummary(subject: $0.subject, issuer: $0.issuer, validFrom: $0.validFrom, validUntil: $0.validUntil, flags: $0.errorFlags)
            }
        }
    }
}

extension AddressBarView {
    /// Shows `page`'s connection security, read when the popover opens.
    func showSecurity(of page: TabPage, editing: Bool) {
        let wasShown = security.isShown
        security.readCertificate = { [weak page] in page?.security.certificate }
        security.show(page.security.state, editing: editing)
        if wasShown != security.isShown { canvas.queueAllocate() }
    }
}

extension BrowserView {
    /// Ctrl+I: the current tab's security popover, as a click on the indicator opens it.
    func showConnectionSecurity() {
        if editing.isEditing { endEditing(commit: false) }
        guard let bar = bars[pager.tabs.current.id], let page = currentPage else { return }
        bar.showSecurity(of: page, editing: false)
        guard bar.security.isShown else { return }
        bar.security.button.popup()
    }

    /// The current tab's security indicator (tests read what GTK presents of it).
    public var securityIndicator: Widget? { bars[pager.tabs.current.id]?.security.root }
    /// Whether its popover is open.
    public var securityPopoverIsOpen: Bool { bars[pager.tabs.current.id]?.security.popover.isOpen ?? false }
    /// The popover (tests read its lines from the accessibility tree).
    public var securityPopover: Widget? { bars[pager.tabs.current.id]?.security.popover }
}
