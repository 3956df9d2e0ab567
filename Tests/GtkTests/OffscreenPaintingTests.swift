import CGtk
import Foundation
@testable import Gtk
import Synchronization
import TestSupport
import XCTest

/// What the painting queue paints off the main thread is what GTK draws: text laid out there has the
/// pixels of the same text laid out by GTK for the widget (`TextLayout`, as the cards drawn node by node
/// show it) and drawn by cairo, as GTK's cairo renderer draws a text node. Today's cards under GL are
/// painted there and must look as the cards drawn directly do.
final class OffscreenPaintingTests: XCTestCase {
    private static let eyebrow = TextSpec("WORLD PREMIERE", size: 10.5, weight: .bold, width: 260, maxLines: 1, letterSpacing: 0.6)
    private static let title = TextSpec("Chasing the Aurora over a frozen lake, far north", size: 23, weight: .heavy, width: 260, maxLines: 3)

    private static let size = (width: 300, height: 200)

    /// Two texts, white, on nothing.
    private static func drawTexts(_ painter: OffscreenPainter) {
        guard let eyebrow = painter.layout(eyebrow), let title = painter.layout(title) else { return }
        painter.text(eyebrow, x: 20, y: 20, color: Color(red: 1, green: 1, blue: 1, alpha: 0.72))
        painter.text(title, x: 20, y: 24 + eyebrow.size.height, color: Color(red: 1, green: 1, blue: 1))
    }

    /// The same texts laid out by GTK for `widget` and drawn with cairo on the main thread.
    @MainActor
    private static func gtkTexts(for widget: Widget) -> [UInt8] {
        let stride = size.width * 4
        var bytes = [UInt8](repeating: 0, count: stride * size.height)
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
                  let surface = cairo_image_surface_create_for_data(base, CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height), Int32(stride)),
                  let cr = cairo_create(surface) else { return }
            let eyebrow = TextLayout(widget: widget, spec: Self.eyebrow), title = TextLayout(widget: widget, spec: Self.title)
            cairo_set_source_rgba(cr, 1, 1, 1, 0.72)
            cairo_move_to(cr, 20, 20)
            pango_cairo_show_layout(cr, eyebrow.layout)
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            cairo_move_to(cr, 20, 24 + eyebrow.size.height)
            pango_cairo_show_layout(cr, title.layout)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        return bytes
    }

    @MainActor
    private static func pixels(_ texture: Texture) -> [UInt8] {
        let stride = texture.pixelWidth * 4
        var bytes = [UInt8](repeating: 0, count: stride * texture.pixelHeight)
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            gdk_texture_download(texture.paintable, base, gsize(stride))
        }
        return bytes
    }

    func testTextPaintedOnTheQueueIsGTKsText() throws {
        try requireDisplay()
        try MainActor.assumeIsolated {
            let widget = Label("fonts")
            let queue = OffscreenPaintingQueue(label: "skiff.test.painting")
            let offMain = Mutex<Bool?>(nil)
            var painted: Texture?
            var answered = false
            queue.paint(width: Double(Self.size.width), height: Double(Self.size.height), scale: 1, fonts: FontSetup(widget: widget),
                        pictures: [], isWanted: { true }, { painter, _ in
                offMain.withLock { $0 = !Thread.isMainThread }
                Self.drawTexts(painter)
            }, completion: { image, _ in
                painted = image?.texture
                answered = true
            })
            XCTAssertTrue(MainLoop.run(until: { answered }, timeout: 10), "the queue answered")
            XCTAssertEqual(offMain.withLock { $0 }, true, "the painting ran off the main thread")
            let queued = try XCTUnwrap(painted, "the queue painted")
            XCTAssertEqual([queued.pixelWidth, queued.pixelHeight], [Self.size.width, Self.size.height])
            let a = Self.pixels(queued), b = Self.gtkTexts(for: widget)
            let inked = a.enumerated().filter { $0.offset % 4 == 3 && $0.element > 128 }.count
            XCTAssertGreaterThan(inked, 500, "the texts were drawn")
            let differing = zip(a, b).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "the queue's text is GTK's, pixel for pixel (\(differing) bytes differ)")
        }
    }

    func testAJobNobodyWantsIsNotPainted() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let queue = OffscreenPaintingQueue(label: "skiff.test.painting.dropped")
            let ran = Mutex(false)
            var answered = false, painted: RasterImage?
            queue.paint(width: 50, height: 50, scale: 1, fonts: FontSetup(widget: Label("x")), pictures: [], isWanted: { false }, { _, _ in
                ran.withLock { $0 = true }
            }, completion: { image, _ in
                painted = image
                answered = true
            })
            XCTAssertTrue(MainLoop.run(until: { answered }, timeout: 10))
            XCTAssertNil(painted)
            XCTAssertFalse(ran.withLock { $0 }, "a dropped job does not paint")
        }
    }
}
