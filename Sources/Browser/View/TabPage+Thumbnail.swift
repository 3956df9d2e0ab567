import Foundation
import Gtk

/// A tab's picture for the tab overview, kept in one place whoever makes it: a snapshot of the
/// web view (taken when the overview opens, for the current tab and any tab left since) or, for a tab with no web
/// view (a suspended one), the picture it kept.
@MainActor
final class ThumbnailSlot {
    /// At most this many pixels wide and high: about 0.57 MB a tab at worst (320×448×4 bytes),
    /// whatever the window's size (docs/tab-overview.md).
    static let maxWidth = 320, maxHeight = 448
    var image: RasterImage?
    /// Counts requests, so that an older snapshot arriving late never replaces a newer one.
    var generation = 0
    /// The tab was left (or never pictured) since: its picture may no longer be the page.
    var isStale = true
}

extension TabPage {
    /// The tab's picture, at most `ThumbnailSlot.maxWidth`×`maxHeight` pixels (nil until one is taken).
    var thumbnail: RasterImage? { thumbnailSlot.image }

    /// Keeps a picture of the page (any size: scaled down to the thumbnail's limit first).
    func setThumbnail(from picture: Texture, completion: (@MainActor () -> Void)? = nil) {
        thumbnailSlot.generation += 1
        let generation = thumbnailSlot.generation
        picture.scaledDown(fittingWidth: ThumbnailSlot.maxWidth, height: ThumbnailSlot.maxHeight) { [weak self] scaled in
            guard let self, self.thumbnailSlot.generation == generation else { return }
            if let scaled {
                self.thumbnailSlot.image = scaled
                self.thumbnailSlot.isStale = false
            }
            completion?()
        }
    }

    /// Whether the tab shows a page worth a picture (a blank tab draws its placeholder instead).
    var showsPage: Bool { webView != nil && (state.uri != nil || state.requestedURI != nil) }

    /// Asks WebKit for the page as last drawn and keeps it as the thumbnail; never blocks.
    /// `completion` gets the full-size picture (nil if there was none) once the thumbnail is made.
    func refreshThumbnail(completion: (@MainActor (Texture?) -> Void)? = nil) {
        guard showsPage, let webView else { completion?(nil); return }
        webView.snapshot(.visible) { [weak self] picture in
            guard let self, let picture else { completion?(nil); return }
            self.setThumbnail(from: picture) { completion?(picture) }
        }
    }
}
