import BrowserModel
import Foundation
import Gtk

/// What a suspended tab keeps when its web view (and so its web process) goes: enough to show
/// it in the pager and the tab overview, to save it with the session, and to put it back.
struct SuspendedPage {
    /// WebKit's serialized back/forward list.
    var sessionState: Data?
    var uri: String?
    var title: String?
    /// Where the page was scrolled to (CSS px), put back after it reloads.
    var scrollX: Double
    var scrollY: Double
    /// The page as it last looked, shown where the page would be.
    var picture: Texture?
}

/// A resumed tab between its fresh web view being made and its page having loaded.
struct ResumingPage {
    var scrollX: Double
    var scrollY: Double
}

/// What the page said when asked whether it may be suspended.
struct SuspensionInspection: Equatable {
    var scrollX = 0.0
    var scrollY = 0.0
    /// A form field holds input the user typed and has not sent.
    var hasUnsentInput = false
    /// A <video> or <audio> element is playing (WebKit's own audio flag is read as well).
    var isPlayingMedia = false

    /// Asks in one round trip. Reads the main frame only: cross-origin frames cannot be read
    /// from here (docs/tab-suspension.md).
    static let script = """
    (function () {
      function typed(e) {
        var tag = e.tagName;
        if (tag === 'TEXTAREA') return e.value !== e.defaultValue;
        if (tag === 'SELECT') {
          for (var i = 0; i < e.options.length; i++) if (e.options[i].selected !== e.options[i].defaultSelected) return true;
          return false;
        }
        var type = (e.type || 'text').toLowerCase();
        if (type === 'checkbox' || type === 'radio') return e.checked !== e.defaultChecked;
        if (['submit', 'button', 'reset', 'hidden', 'image', 'file'].indexOf(type) >= 0) return false;
        return e.value !== e.defaultValue;
      }
      var dirty = false;
      var fields = document.querySelectorAll('input, textarea, select');
      for (var i = 0; i < fields.length && !dirty; i++) dirty = typed(fields[i]);
      var active = document.activeElement;
      if (!dirty && active && active.isContentEditable && active.textContent.trim().length > 0) dirty = true;
      var media = false;
      var players = document.querySelectorAll('video, audio');
      for (var j = 0; j < players.length; j++) if (!players[j].paused && !players[j].muted) media = true;
      return JSON.stringify({ x: window.scrollX, y: window.scrollY, dirty: dirty, media: media });
    })()
    """

    /// nil when the answer is not what the script returns (the page replaced JSON, or it failed).
    init?(json: String?) {
        guard let data = json?.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        scrollX = (object["x"] as? NSNumber)?.doubleValue ?? 0
        scrollY = (object["y"] as? NSNumber)?.doubleValue ?? 0
        hasUnsentInput = (object["dirty"] as? Bool) ?? false
        isPlayingMedia = (object["media"] as? Bool) ?? false
    }

    init() {}
}

/// Suspending and resuming a tab: the web view is destroyed and made again. The decision is
/// `TabSuspension`'s; this performs it.
extension TabPage {
    public var isSuspended: Bool { suspended != nil }

    /// The picture a suspended tab shows where its page would be (the pager and the tab
    /// overview can both draw it); nil while the tab has a live web view.
    public var suspendedPicture: Texture? { suspended?.picture }

    /// Asks the page whether it may go, and takes its scroll position and picture meanwhile.
    /// `completion` gets nil when it must stay: playing sound, unsent input, nothing loaded,
    /// or no answer from the page (a hung page is left alone rather than guessed about).
    func inspectForSuspension(completion: @escaping @MainActor (SuspensionInspection?, Texture?) -> Void) {
        guard let webView, state.uri != nil, !state.isLoading, state.crash == nil else { return completion(nil, nil) }
        if webView.isPlayingAudio { return completion(nil, nil) }
        webView.evaluate(SuspensionInspection.script) { [weak self, weak webView] answer in
            guard let self, let webView, let inspection = SuspensionInspection(json: answer),
                  !inspection.hasUnsentInput, !inspection.isPlayingMedia, !webView.isPlayingAudio else { return completion(nil, nil) }
            // A web view off screen draws nothing to take a picture of: then the picture taken
            // when the user left the tab is the one kept.
            guard self.root.isMapped else { return completion(inspection, self.lastPicture) }
            webView.snapshot(.visible) { [weak self] texture in completion(inspection, texture ?? self?.lastPicture) }
        }
    }

    /// The user is leaving this tab: its picture now, while it is still on screen.
    func takePictureOnLeaving() {
        guard let webView, root.isMapped, state.uri != nil else { return }
        webView.snapshot(.visible) { [weak self] texture in
            guard let self, let texture else { return }
            self.lastPicture = texture
            // The same picture serves the tab overview, scaled down off the main thread.
            self.setThumbnail(from: texture)
        }
    }

    /// Destroys the web view, keeping its back/forward list, title, scroll position and picture.
    func suspend(_ inspection: SuspensionInspection, picture: Texture?) {
        guard let webView, suspended == nil else { return }
        suspended = SuspendedPage(sessionState: webView.sessionState, uri: state.uri ?? webView.uri, title: state.title,
                                  scrollX: inspection.scrollX, scrollY: inspection.scrollY, picture: picture)
        webView.stopLoading()
        content.setChild(nil)
        // Ended here, not left to WebKit: its process cache keeps a page-less web process per
        // site alive for five minutes (suspended after 30 s, still resident), which is the very
        // memory suspending is for. Skiff never makes related web views (links open through
        // `decide-policy`), so this process serves this view alone.
        if !sharesWebProcess { webView.terminateWebProcess() }
        self.webView = nil
        resuming = nil
        lastPicture = nil
        // The overview shows what the pager shows: the picture kept (a suspended tab has no page to picture again).
        if let picture { setThumbnail(from: picture) }
        root.queueDraw()
    }

    /// Makes a fresh web view and puts the page back: its back/forward list at once, its scroll
    /// position once it has loaded.
    func resume() {
        guard let kept = suspended, let session else { return }
        let view = Self.makeWebView(session: session)
        connect(view)
        webView = view
        content.setChild(view)
        resuming = ResumingPage(scrollX: kept.scrollX, scrollY: kept.scrollY)
        suspended = nil
        restore(sessionState: kept.sessionState, uri: kept.uri, title: kept.title)
        root.queueDraw()
    }

    /// A closed tab put back in this (blank) tab: its back/forward list at once, its scroll
    /// position once it has loaded.
    func restore(_ closed: ClosedTab) {
        if closed.scrollX != 0 || closed.scrollY != 0 { resuming = ResumingPage(scrollX: closed.scrollX, scrollY: closed.scrollY) }
        restore(sessionState: closed.sessionState, uri: closed.uri, title: closed.title)
    }

    /// The page is being closed: where it is scrolled to, from the page (nothing when it cannot say
    /// within half a second); then its web process ends at once (unless a page it opened, or its
    /// opener, shares it), rather than lingering in WebKit's cache — a page busy in a loop would
    /// otherwise keep a core busy after its tab is gone (docs/browser.md, "Closed tabs").
    func scrollPositionOnClose(_ completion: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) {
        if let kept = suspended { return completion(kept.scrollX, kept.scrollY) }
        guard let webView else { return }
        let shares = sharesWebProcess
        guard state.uri != nil, state.crash == nil else {
            if !shares { webView.terminateWebProcess() }
            return
        }
        final class Holder { var webView: WebView? }
        let holder = Holder()
        holder.webView = webView
        func end() {
            guard let view = holder.webView else { return }
            holder.webView = nil
            if !shares { view.terminateWebProcess() }
        }
        webView.evaluate("JSON.stringify({ x: window.scrollX, y: window.scrollY })") { answer in
            guard holder.webView != nil else { return }
            if let inspection = SuspensionInspection(json: answer) { completion(inspection.scrollX, inspection.scrollY) }
            end()
        }
        // A page that does not answer (busy in a loop) is not waited for.
        MainLoop.after(milliseconds: 500) { end() }
    }

    /// The resumed page has loaded: back to where the user left it.
    func finishResuming() {
        guard let pending = resuming else { return }
        resuming = nil
        guard pending.scrollX != 0 || pending.scrollY != 0, let webView else { return }
        webView.evaluate("window.scrollTo(\(pending.scrollX), \(pending.scrollY)); 0") { _ in }
    }

    func draw(_ snapshot: Snapshot, width: Double, height: Double) {
        if let picture = suspended?.picture {
            snapshot.fill(Rect(x: 0, y: 0, width: width, height: height), color: root.themeColors.window)
            // 1:1 from the top left, as the page was drawn; a window resized since shows more or less of it.
            let scale = Double(max(1, root.scaleFactor))
            snapshot.texture(picture, Rect(x: 0, y: 0, width: Double(picture.pixelWidth) / scale, height: Double(picture.pixelHeight) / scale))
        }
        snapshot.child(content, of: root)
    }
}

