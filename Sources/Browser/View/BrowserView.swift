import Foundation
import BrowserModel
import Gtk
import Logging

/// Upward calls from the browser to whoever hosts it (the window), GNOME Web style.
@MainActor
public protocol BrowserViewDelegate: AnyObject {
    func browserView(_ view: BrowserView, didChangeTitle title: String)
}

/// The Browser section: one real WebKit tab over a bottom toolbar with the address bar.
/// Renders `PageState` and feeds it the web view's events; no decisions live in signal handlers.
@MainActor
public final class BrowserView {
    public let root = Box(.vertical)
    public weak var delegate: BrowserViewDelegate?
    public private(set) var state = PageState()

    /// nil when the sandbox cannot start: then the notice is shown instead.
    public let webView: WebView?
    public let addressEntry = Entry()
    public let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: "Back")
    public let forwardButton = Button(iconName: "go-next-symbolic", accessibleLabel: "Forward")
    public let reloadButton = Button(iconName: "view-refresh-symbolic", accessibleLabel: "Reload")
    let progress = ProgressLineView()
    lazy var crashBanner = CrashBanner { [weak self] in self?.reload() }
    let logger = Logger(label: "skiff.browser")

    public init(sandbox: WebSandbox.Status, ephemeral: Bool = false) {
        let content = Overlay()
        content.vexpand = true
        if sandbox.canShowWebPages {
            let view = WebView(ephemeral: ephemeral)
            view.setAccessibleLabel("Web page")
            view.vexpand = true
            view.hexpand = true
            webView = view
            content.setChild(view)
        } else {
            webView = nil
            if case .unavailable(let reason) = sandbox {
                content.setChild(Self.sandboxNotice(reason))
                logger.error("web sandbox unavailable: \(reason)")
            }
        }
        content.addOverlay(crashBanner.revealer)
        root.append(content)
        root.append(makeToolbar())
        if let webView { connect(webView) } else {
            for control in [addressEntry, backButton, forwardButton, reloadButton] as [Widget] { control.isSensitive = false }
        }
        render()
    }

    // MARK: Commands (buttons, keyboard and the command line all come here)

    /// Loads what the user typed: a URL, a host, a path or a search.
    public func load(_ typed: String) {
        // A refused input (javascript:) loads nothing; showing its message is left to the address-bar work.
        guard let webView, let uri = AddressInput.resolve(typed)?.uri else { return }
        state.apply(.navigationRequested(uri: uri))
        crashBanner.hide()
        webView.load(uri: uri)
        webView.grabFocus()
        render()
    }

    public func goBack() { if state.canGoBack { webView?.goBack() } }
    public func goForward() { if state.canGoForward { webView?.goForward() } }

    /// Reload, or after a crash or failure retry what the user last asked for.
    public func reload() {
        guard let webView else { return }
        if state.crash != nil || state.failure != nil, let uri = state.requestedURI {
            state.apply(.navigationRequested(uri: uri))
            crashBanner.hide()
            webView.load(uri: uri)
        } else {
            webView.reload()
        }
        render()
    }

    public func stop() { webView?.stopLoading() }

    /// Whether the "page stopped" banner is showing.
    public var crashBannerIsShown: Bool { crashBanner.isShown }

    public func focusAddressBar() {
        guard webView != nil else { return }
        addressEntry.grabFocus()
        addressEntry.selectAll()
    }

    /// Escape: leave the address bar (restoring its text), else stop a load. False: not ours.
    public func escape() -> Bool {
        if addressEntry.containsFocus {
            addressEntry.text = state.addressText
            webView?.grabFocus()
            return true
        }
        if state.isLoading { stop(); return true }
        return false
    }

    // MARK: Web view events → model

    private func connect(_ webView: WebView) {
        webView.onLoadChanged { [weak self, weak webView] event in
            guard let self, let webView else { return }
            self.logger.debug("load \(event) \(webView.uri ?? "-")")
            switch event {
            case .started: self.apply(.loadStarted(uri: webView.uri))
            case .redirected: self.apply(.uriChanged(webView.uri))
            case .committed: self.apply(.committed(uri: webView.uri))
            case .finished: self.apply(.finished)
            }
            self.apply(.history(canGoBack: webView.canGoBack, canGoForward: webView.canGoForward))
        }
        webView.onNotify("estimated-load-progress") { [weak self, weak webView] in
            guard let webView else { return }
            self?.apply(.progress(webView.estimatedProgress))
        }
        webView.onNotify("title") { [weak self, weak webView] in self?.apply(.titleChanged(webView?.title)) }
        webView.onNotify("uri") { [weak self, weak webView] in self?.apply(.uriChanged(webView?.uri)) }
        webView.onLoadFailed { [weak self] _, uri, message, cancelled in
            guard let self else { return false }
            self.logger.debug("load-failed \(uri) cancelled=\(cancelled): \(message)")
            self.apply(.failed(uri: uri, message: message, cancelled: cancelled))
            if !cancelled { self.logger.info("load failed: \(uri): \(message)") }
            return !cancelled
        }
        webView.onWebProcessTerminated { [weak self] reason in
            guard let self else { return }
            let crash: CrashReason = switch reason {
            case .exceededMemoryLimit: .outOfMemory
            case .terminatedByAPI: .killed
            default: .crashed
            }
            self.logger.warning("web process ended: \(String(describing: reason))")
            self.apply(.webProcessEnded(reason: crash))
        }
    }

    /// Feeds one event to the model and re-renders. The web view's signals come here; so may a benchmark.
    public func apply(_ event: PageEvent) {
        state.apply(event)
        if state.wantsErrorPage, let failure = state.failure, let webView {
            // In place of the failed page: history keeps its URI, so reload retries it.
            webView.loadAlternateHTML(ErrorPage.html(for: failure), contentURI: failure.uri)
            state.apply(.errorPageShown)
        }
        render()
    }

    // MARK: Model → widgets

    private func render() {
        backButton.isSensitive = state.canGoBack
        forwardButton.isSensitive = state.canGoForward
        let stopping = state.showsStop
        reloadButton.iconName = stopping ? "process-stop-symbolic" : "view-refresh-symbolic"
        let reloadName = stopping ? "Stop" : "Reload"
        reloadButton.setAccessibleLabel(reloadName)
        reloadButton.tooltip = reloadName
        if !addressEntry.containsFocus && addressEntry.text != state.addressText {
            addressEntry.text = state.addressText
        }
        if let crash = state.crash {
            crashBanner.show(crash.explanation + " Reload to try again.")
        } else if crashBanner.isShown {
            crashBanner.hide()
        }
        progress.update(progress: state.progress, isLoading: state.isLoading)
        delegate?.browserView(self, didChangeTitle: state.windowTitle)
    }

    private func makeToolbar() -> Widget {
        let bar = Box(.horizontal, spacing: 6)
        bar.addCSSClass("skiff-toolbar")
        bar.setMargins(top: 6, bottom: 6, start: 8, end: 8)
        for button in [backButton, forwardButton, reloadButton] {
            button.hasFrame = false
            button.addCSSClass("skiff-nav-button")
            button.valign = .center
        }
        backButton.onClicked { [weak self] in self?.goBack() }
        forwardButton.onClicked { [weak self] in self?.goForward() }
        reloadButton.onClicked { [weak self] in
            guard let self else { return }
            if self.state.showsStop { self.stop() } else { self.reload() }
        }

        addressEntry.placeholder = "Search or enter website name"
        addressEntry.setInputPurposeURL()
        addressEntry.setAccessibleLabel("Address")
        addressEntry.addCSSClass("skiff-address-bar")
        addressEntry.hexpand = true
        addressEntry.onActivate { [weak self] in
            guard let self else { return }
            self.load(self.addressEntry.text)
        }
        let addressColumn = Overlay()
        addressColumn.hexpand = true
        addressColumn.setChild(addressEntry)
        addressColumn.addOverlay(progress.canvas)
        progress.canvas.setMargins(start: 10, end: 10)

        bar.append(backButton)
        bar.append(forwardButton)
        bar.append(addressColumn)
        bar.append(reloadButton)
        return bar
    }

    private static func sandboxNotice(_ reason: String) -> Widget {
        let box = Box(.vertical, spacing: 12)
        box.valign = .center
        box.halign = .center
        box.setMargins(top: 24, bottom: 24, start: 24, end: 24)
        let title = Label("Web pages can’t be shown here")
        title.addCSSClass("title-2")
        let body = Label(WebSandbox.explanation(for: reason))
        body.wraps = true
        body.selectable = true
        body.setAccessibleLabel("Sandbox unavailable")
        box.append(title)
        box.append(body)
        return box
    }
}
