import BrowserModel
import Foundation
import Gtk
import Logging

/// Upward calls from a tab to the browser that holds it.
@MainActor
protocol TabPageDelegate: AnyObject {
    /// Anything the chrome shows changed: title, address, progress, history, a crash.
    func tabPageDidChange(_ page: TabPage)
    /// A page was committed: what it means for history (see `VisitCounter`).
    /// `status`: the page's HTTP status, when it came over HTTP.
    func tabPage(_ page: TabPage, didVisit visit: VisitCounter.Effect, title: String?, status: Int?)
    /// The page's title arrived or changed: history's title for `uri`, not a new visit.
    func tabPage(_ page: TabPage, didChangeTitle title: String, uri: String)
    /// A link asked for a page of its own (target=_blank, window.open on a click, middle click).
    func tabPage(_ page: TabPage, wantsNewTabFor uri: String, inBackground: Bool)
    /// `window.open`: the view the new page loads in, or nil to refuse.
    func tabPage(_ page: TabPage, opensWindowFor uri: String, byUser: Bool) -> WebView?
    /// The page called `window.close()` on a window a script opened.
    func tabPageClosedItself(_ page: TabPage)
    /// The page asks to use something: true when it will be answered.
    func tabPage(_ page: TabPage, asksPermission request: PermissionRequest) -> Bool
    /// The page asks for one of its elements to fill the screen: true refuses.
    func tabPage(_ page: TabPage, entersFullscreen view: WebView) -> Bool
    func tabPage(_ page: TabPage, leftFullscreen view: WebView)
    /// A page was committed (any navigation, back and forward too): its site's settings apply.
    func tabPage(_ page: TabPage, didCommit uri: String?)
    /// Something the user must know that is about no page (a password that could not be kept).
    func tabPage(_ page: TabPage, informs message: String)
}

/// One tab: a real WebKit web view, its `PageState`, and the banner shown when its process dies.
/// Translates the web view's signals into `PageEvent`s; decides nothing itself.
@MainActor
public final class TabPage {
    public let id: UUID
    /// A list item (the tab pages are a list a screen reader can walk) holding the page and its banner.
    public let root: Canvas
    let content = Overlay()
    /// nil when the sandbox cannot start (then the notice is shown instead), and while the tab
    /// is suspended (TabPage+Suspension.swift).
    public internal(set) var webView: WebView?
    /// The session web views are made in; nil when the sandbox cannot start.
    let session: NetworkSession?
    /// What a suspended tab kept of its page; nil while it has a web view.
    var suspended: SuspendedPage?
    /// What a resumed tab still has to put back once its page has loaded.
    var resuming: ResumingPage?
    /// The page as it looked when the user last left it (TabPage+Suspension.swift).
    var lastPicture: Texture?
    public private(set) var state = PageState()
    weak var delegate: TabPageDelegate?
    private var pendingFallback: (https: String, http: String)?
    private var visits = VisitCounter()
    /// This page opened another with `window.open`, or was opened so: the two share one web
    /// process, which suspending one must not end.
    var sharesWebProcess = false
    /// Whether the page's last navigation came from a click or a key (a download that follows one
    /// that did not is asked about: Downloads.swift).
    private(set) var lastNavigationByUser = false
    lazy var crashBanner = CrashBanner { [weak self] in self?.reload() }
    /// Asks whether the page's site may use something (BrowserView's `PagePermissions` decides when).
    let permissionPrompt = PermissionPrompt()
    let popUpBar = PopUpBar()
    /// The page's alert, confirm, prompt and "leave this page?" (PageDialogs.swift).
    let dialogs = PageDialogs()
    /// "Remember password" on the login card, and the keyring (LoginKeeper.swift).
    private(set) lazy var logins: LoginKeeper = {
        let keeper = LoginKeeper(isPrivate: session?.isEphemeral ?? true, dialogs: dialogs)
        keeper.onProblem = { [weak self] message in
            guard let self else { return }
            self.delegate?.tabPage(self, informs: message)
        }
        return keeper
    }()
    /// Passwords typed into the page's forms: the bar, the keyring (FormPasswords.swift).
    private(set) lazy var passwords: FormPasswords = {
        let passwords = FormPasswords(isPrivate: session?.isEphemeral ?? true)
        passwords.isSecure = { [weak self] in self?.security.state == .secure }
        passwords.onProblem = { [weak self] message in
            guard let self else { return }
            self.delegate?.tabPage(self, informs: message)
        }
        return passwords
    }()
    /// The address of the link under the pointer (LinkStatusOverlay.swift).
    let linkStatus = LinkStatusOverlay()
    /// The right-click menu (PageContextMenu.swift).
    let contextMenu = PageContextMenu()
    /// The committed page's connection security (SecurityIndicator.swift).
    let security = PageSecurity()
    /// The content filters attached for the page's site (PageFilters.swift).
    let filters = PageFilters()
    /// Over a blank tab: frequently visited and recently closed pages.
    private(set) var startPage: StartPageView?
    /// The tab's picture for the tab overview (TabPage+Thumbnail.swift).
    let thumbnailSlot = ThumbnailSlot()
    private let logger = Logger(label: "skiff.browser.tab")

    /// `suspendedAs`: a tab that starts without a web view (a restored background tab), made
    /// when it is first shown. `opened`: the view a page made for a window it opened (`window.open`).
    init(id: UUID = UUID(), session: NetworkSession?, sandbox: WebSandbox.Status, suspendedAs kept: SuspendedPage? = nil,
         opened: WebView? = nil) {
        self.id = id
        root = Canvas(role: .listItem, label: "New Tab") { _, _, _ in }
        root.addCSSClass("skiff-tab-page")
        root.addChild(content)
        self.session = sandbox.canShowWebPages ? session : nil
        if self.session != nil, let kept {
            webView = nil
            suspended = kept
            if let title = kept.title, !title.isEmpty { state.apply(.titleChanged(title)) }
        } else if let session = self.session {
            let view = opened.map(Self.prepare) ?? Self.makeWebView(session: session)
            sharesWebProcess = opened != nil
            webView = view
            content.setChild(view)
        } else {
            webView = nil
            if case .unavailable(let reason) = sandbox {
                content.setChild(Self.sandboxNotice(reason))
            }
        }
        content.addOverlay(crashBanner.revealer)
        content.addOverlay(permissionPrompt.revealer)
        content.addOverlay(popUpBar.revealer)
        content.addOverlay(passwords.bar.revealer)
        content.addOverlay(dialogs.root)
        dialogs.onShownChanged = { [weak self] shown, hadFocus in
            // While a dialog waits the page cannot be used: Tab goes round the dialog, not into it.
            self?.webView?.canFocus = !shown
            if !shown, hadFocus { self?.webView?.grabFocus() }
        }
        content.addOverlay(linkStatus.root)
        // Weak: the canvas owns these closures, so strong captures would keep it alive forever.
        root.onDraw { [weak self] snapshot, w, h in self?.draw(snapshot, width: w, height: h) }
        root.onAllocate { [weak root, weak content] w, h in
            if let root, let content { root.allocate(content, Rect(x: 0, y: 0, width: Double(w), height: Double(h))) }
        }
        if let webView { connect(webView) }
    }

    static func makeWebView(session: NetworkSession) -> WebView {
        prepare(WebView(session: session))
    }

    private static func prepare(_ view: WebView) -> WebView {
        view.setAccessibleLabel("Web page")
        // WebKit would drop a pop-up no click asked for without a word; Skiff blocks it itself
        // and says so, with "Allow Once" (BrowserView+Windows.swift).
        view.passesUnaskedWindowsOn = true
        view.vexpand = true
        view.hexpand = true
        return view
    }

    /// Shows (or refreshes) the start page over this blank tab.
    func showStartPage(_ page: StartPage, icons: SiteIcons?, onOpen: @escaping (String) -> Void) {
        if startPage == nil {
            let view = StartPageView()
            view.icons = icons
            content.addOverlay(view.root)
            startPage = view
            // The page under it is blank and covered: Tab goes to the tiles, not into WebKit.
            webView?.canFocus = false
        }
        startPage?.onOpen = onOpen
        startPage?.show(page)
    }

    /// The tab is loading or showing a page: the start page goes.
    func hideStartPage() {
        guard let view = startPage else { return }
        content.removeOverlay(view.root)
        startPage = nil
        webView?.canFocus = true
    }

    // MARK: Commands

    /// Loads a resolved address. For a bare host typed without a scheme, `httpFallback` is tried
    /// once if https cannot connect at all (never after a certificate error: that is an attack
    /// until shown otherwise).
    func load(uri: String, httpFallback: String? = nil) {
        guard let webView else { return }
        pendingFallback = httpFallback.map { (https: uri, http: $0) }
        state.apply(.navigationRequested(uri: uri))
        crashBanner.hide()
        webView.load(uri: uri)
        changed()
    }

    func goBack() { if state.canGoBack { webView?.goBack() } }
    func goForward() { if state.canGoForward { webView?.goForward() } }

    /// Reload, or after a crash or failure retry what the user last asked for.
    func reload() {
        guard let webView else { return }
        if state.crash != nil || state.failure != nil, let uri = state.requestedURI {
            load(uri: uri)
        } else {
            webView.reload()
        }
    }

    func stop() { webView?.stopLoading() }

    /// Puts back a saved tab: its whole back/forward list if WebKit can read it, else its address.
    func restore(sessionState: Data?, uri: String?, title: String?) {
        if let title { state.apply(.titleChanged(title)) }
        if let sessionState, let webView, webView.restoreSessionState(sessionState) {
            if let uri { state.apply(.navigationRequested(uri: uri)) }
            // The back/forward list is back at once, before its page loads: Back works straight away.
            state.apply(.history(canGoBack: webView.canGoBack, canGoForward: webView.canGoForward))
            changed()
            return
        }
        if let uri { load(uri: uri) }
    }

    var sessionState: Data? { webView?.sessionState ?? suspended?.sessionState }

    // MARK: Web view events → model

    func connect(_ webView: WebView) {
        // First: the filters for the address a load starts at are attached before anything asks for more.
        filters.watch(webView)
        security.watch(webView)
        linkStatus.watch(webView)
        contextMenu.suggestsStrongPassword = { [weak self] in self?.passwords.suggestsAtMenu ?? false }
        contextMenu.suggestStrongPassword = { [weak self] in self?.passwords.suggestFromMenu() }
        contextMenu.watch(webView)
        passwords.watch(webView)
        webView.onLoadChanged { [weak self, weak webView] event in
            guard let self, let webView, self.isLive(webView) else { return }
            switch event {
            case .started: self.apply(.loadStarted(uri: webView.uri))
            case .redirected: self.apply(.uriChanged(webView.uri))
            case .committed:
                self.pendingFallback = nil
                // A question the page left behind is answered No.
                self.permissionPrompt.withdraw()
                // Another page: what the last one tried to open is not offered for it.
                self.popUpBar.dismiss()
                self.passwords.committed()
                self.dialogs.navigated()
                self.apply(.committed(uri: webView.uri))
                self.delegate?.tabPage(self, didCommit: webView.uri)
                if let uri = webView.uri, self.state.failure == nil {
                    let visit = self.visits.committed(uri: uri, backEntry: webView.backEntryToken)
                    // A resumed tab reloading its page is not a visit.
                    if visit != .none && self.resuming == nil { self.delegate?.tabPage(self, didVisit: visit, title: webView.title, status: webView.mainResourceStatus) }
                }
            case .finished:
                self.apply(.finished)
                self.finishResuming()
            }
            self.apply(.history(canGoBack: webView.canGoBack, canGoForward: webView.canGoForward))
        }
        webView.onNotify("estimated-load-progress") { [weak self, weak webView] in
            guard let self, let webView, self.isLive(webView) else { return }
            self.apply(.progress(webView.estimatedProgress))
        }
        webView.onNotify("title") { [weak self, weak webView] in
            guard let self, let webView, self.isLive(webView) else { return }
            self.apply(.titleChanged(webView.title))
            if let uri = webView.uri, let title = webView.title, !title.isEmpty, self.state.failure == nil {
                self.delegate?.tabPage(self, didChangeTitle: title, uri: uri)
            }
        }
        webView.onNotify("uri") { [weak self, weak webView] in
            guard let self, let webView, self.isLive(webView) else { return }
            self.apply(.uriChanged(webView.uri))
        }
        webView.onCreate { [weak self] uri, byUser in
            guard let self else { return nil }
            return self.delegate?.tabPage(self, opensWindowFor: uri, byUser: byUser)
        }
        webView.onPermissionRequest { [weak self] request in
            guard let self else { return false }
            return self.delegate?.tabPage(self, asksPermission: request) ?? false
        }
        webView.onScriptDialog { [weak self, weak webView] dialog in
            guard let self else { return false }
            // The focus goes to the dialog only if it was on the page: a background tab's does not take it.
            self.dialogs.present(dialog, site: PagePermissions.site(of: self.state.uri), focus: webView?.containsFocus ?? false)
            return true
        }
        webView.onAuthenticate { [weak self, weak webView] request in
            // Client certificates and PINs are left to WebKit (which refuses them).
            guard let self, request.asksForPassword, !request.isForProxy else { return false }
            self.logins.asked(request, focus: webView?.containsFocus ?? false)
            return true
        }
        // <input type=file>: GTK's file chooser with the input's types, modal to the window as
        // GNOME Web's; the files chosen reach the page, Cancel leaves the input as it was.
        webView.onFileChooser { [weak webView] request in
            guard let webView else { return false }
            request.showChooser(over: webView) { paths in
                if let paths, !paths.isEmpty { request.select(paths) } else { request.cancel() }
            }
            return true
        }
        webView.onEnterFullscreen { [weak self, weak webView] in
            guard let self, let webView else { return true }
            return self.delegate?.tabPage(self, entersFullscreen: webView) ?? true
        }
        webView.onLeaveFullscreen { [weak self, weak webView] in
            if let self, let webView { self.delegate?.tabPage(self, leftFullscreen: webView) }
            return false
        }
        webView.onClose { [weak self] in
            guard let self else { return }
            self.delegate?.tabPageClosedItself(self)
        }
        webView.onNavigationAction { [weak self] byUser in self?.lastNavigationByUser = byUser }
        // A response WebKit cannot show becomes a download (WebKit alone would drop it without a
        // word); the rule is ResponseDisposition's. The download then takes the path of any other.
        webView.onResponse { [weak self] info in
            guard let self else { return .leave }
            let facts = ResponseDisposition.Facts(mimeType: info.mimeType, canShow: info.canShow, isMainFrame: info.isMainFrame,
                                                  byUser: self.lastNavigationByUser, uri: info.uri)
            switch ResponseDisposition.decide(facts) {
            case .show: return .leave
            case .download:
                self.logger.info("\(info.uri) (\(info.mimeType.isEmpty ? "no type" : info.mimeType)) is saved, not shown")
                return .download
            case .ignore:
                self.logger.info("a sub-frame's \(info.uri) (\(info.mimeType)) is dropped: no click asked for it")
                return .ignore
            }
        }
        webView.onNewWindowRequest { [weak self] request in
            guard let self else { return }
            self.delegate?.tabPage(self, wantsNewTabFor: request.uri, inBackground: request.inBackground)
        }
        webView.onLoadFailed { [weak self] _, uri, message, cancelled in
            guard let self else { return false }
            if !cancelled, let fallback = self.pendingFallback, fallback.https == uri || uri.hasPrefix(fallback.https) {
                self.logger.info("https failed for \(uri) (\(message)); trying \(fallback.http)")
                self.load(uri: fallback.http)
                return true
            }
            self.apply(.failed(uri: uri, message: message, cancelled: cancelled))
            if !cancelled { self.logger.info("load failed: \(uri): \(message)") }
            return !cancelled
        }
        webView.onTLSError { [weak self] uri, problems in
            guard let self else { return false }
            self.pendingFallback = nil
            // Never a silent load: the page is replaced by an explanation, and nothing of it is shown.
            let message = "The connection is not private: the site's certificate cannot be trusted, because " + problems.joined(separator: ", and ") + "."
            self.logger.warning("TLS error: \(uri): \(problems)")
            self.apply(.failed(uri: uri, message: message, cancelled: false))
            return true
        }
        webView.onWebProcessTerminated { [weak self] reason in
            // A suspended tab's process is ended on purpose (TabPage+Suspension.swift).
            guard let self, self.suspended == nil else { return }
            let crash: CrashReason = switch reason {
            case .exceededMemoryLimit: .outOfMemory
            case .terminatedByAPI: .killed
            default: .crashed
            }
            self.logger.warning("web process ended: \(String(describing: reason))")
            self.apply(.webProcessEnded(reason: crash))
        }
    }

    /// Whether `webView` still shows this tab's page: a view being let go (the tab suspended, its
    /// process ended) reports an empty title and address, which must not replace the kept ones.
    private func isLive(_ webView: WebView) -> Bool { self.webView === webView && suspended == nil }

    /// Feeds one event to the model. The web view's signals come here; so may a benchmark.
    public func apply(_ event: PageEvent) {
        state.apply(event)
        if state.wantsErrorPage, let failure = state.failure, let webView {
            // In place of the failed page: history keeps its URI, so reload retries it.
            webView.loadAlternateHTML(ErrorPage.html(for: failure), contentURI: failure.uri)
            state.apply(.errorPageShown)
        }
        changed()
    }

    private func changed() {
        if let crash = state.crash {
            crashBanner.show(crash.explanation + " Reload to try again.")
        } else if crashBanner.isShown {
            crashBanner.hide()
        }
        delegate?.tabPageDidChange(self)
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
