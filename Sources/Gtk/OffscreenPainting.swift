import CGtk
import Dispatch
import Synchronization

/// A text's shape as `TextLayout` lays it out, as plain data, so that the same text can be laid out
/// on the main thread (a `TextLayout`) or on a painting queue (`OffscreenPainter.layout`).
public struct TextSpec: Sendable, Equatable {
    public var text: String
    /// Points, as in CSS font-size.
    public var size: Double
    public var weight: TextLayout.Weight
    public var width: Double
    /// 0 means unlimited; otherwise the last line ends with an ellipsis.
    public var maxLines: Int
    public var letterSpacing: Double

    public init(_ text: String, size: Double, weight: TextLayout.Weight = .regular, width: Double, maxLines: Int = 0, letterSpacing: Double = 0) {
        self.text = text; self.size = size; self.weight = weight; self.width = width
        self.maxLines = maxLines; self.letterSpacing = letterSpacing
    }

    /// Gives `layout` this shape, in `family` (the widget's, or nil for Pango's default): the one
    /// place both ways of laying text out agree on.
    nonisolated func apply(to layout: OpaquePointer, family: UnsafePointer<CChar>?) {
        let font = pango_font_description_new()
        if let family { pango_font_description_set_family(font, family) }
        pango_font_description_set_size(font, Int32(size * Double(PANGO_SCALE)))
        pango_font_description_set_weight(font, weight.pango)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        if letterSpacing != 0 {
            let attrs = pango_attr_list_new()
            pango_attr_list_insert(attrs, pango_attr_letter_spacing_new(Int32(letterSpacing * Double(PANGO_SCALE))))
            pango_layout_set_attributes(layout, attrs)
            pango_attr_list_unref(attrs)
        }
        pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if maxLines > 0 {
            pango_layout_set_height(layout, Int32(-maxLines))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
    }
}

/// How a widget's text is rendered (its font family, resolution, antialiasing and hinting), copied
/// on the main thread so that a painting queue draws glyphs as the widget would.
public struct FontSetup: Sendable {
    fileprivate let family: String?
    fileprivate let resolution: Double
    fileprivate let roundGlyphPositions: Bool
    fileprivate let options: FontOptions

    @MainActor public init(widget: Widget) {
        let context = gtk_widget_get_pango_context(widget.widget)
        family = pango_context_get_font_description(context).flatMap { pango_font_description_get_family($0) }.map { String(cString: $0) }
        resolution = pango_cairo_context_get_resolution(context)
        roundGlyphPositions = pango_context_get_round_glyph_positions(context) != 0
        options = FontOptions(copying: pango_cairo_context_get_font_options(context))
    }
}

/// A copy of cairo font options, never changed after it is made (so any thread may read it).
private final class FontOptions: @unchecked Sendable {
    let pointer: OpaquePointer?
    init(copying options: OpaquePointer?) { pointer = options.map { cairo_font_options_copy($0) } }
    deinit { if let pointer { cairo_font_options_destroy(pointer) } }
}

/// A picture handed to a painting job: a reference to an immutable GdkTexture, taken and given back
/// on the main thread (a texture's last reference must not drop on another thread: the GL renderer
/// frees its copy on the GPU then). The job only reads its pixels.
public struct OffscreenPicture: @unchecked Sendable {
    fileprivate let texture: OpaquePointer
}

/// Text laid out for an `OffscreenPainter`: valid only inside the painting closure.
public final class OffscreenText {
    fileprivate let layout: OpaquePointer
    fileprivate init(layout: OpaquePointer) { self.layout = layout }
    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// The shaped size in logical pixels.
    public var size: (width: Double, height: Double) {
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        return (Double(w), Double(h))
    }
}

/// Cairo drawing into a card-sized image off the main thread: what a look recorded by GSK draws
/// (fills, gradients, a picture drawn 1:1, rounded clips, text), drawn by cairo, whose image surfaces
/// and per-queue Pango font map may be used from any one thread at a time. Valid only inside the closure.
public struct OffscreenPainter {
    fileprivate let cr: OpaquePointer
    fileprivate let context: OpaquePointer
    fileprivate let family: String?

    public func fill(_ rect: Rect, color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
    }

    public func verticalGradient(_ rect: Rect, top: Color, bottom: Color) {
        cairoFill(cr, rect, gradient: cairo_pattern_create_linear(rect.x, rect.y, rect.x, rect.y + rect.height), from: top, to: bottom)
    }

    /// Draws `picture` into `rect` as it is (a picture made for exactly that many device pixels).
    public func picture(_ picture: OffscreenPicture, in rect: Rect) {
        let w = Int(gdk_texture_get_width(picture.texture)), h = Int(gdk_texture_get_height(picture.texture))
        guard w > 0, h > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return }
        // GDK downloads in cairo's ARGB32 layout (premultiplied, native endian).
        gdk_texture_download(picture.texture, data, gsize(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(w), rect.height / Double(h))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Runs `body` clipped to `rect` with corners of `radius`.
    public func withRoundedClip(_ rect: Rect, radius: Double, _ body: () -> Void) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_save(cr)
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.x + rect.width - r, rect.y + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.x + rect.width - r, rect.y + rect.height - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.x + r, rect.y + rect.height - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.x + r, rect.y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    /// `spec` laid out as a `TextLayout` of the same spec would be on the widget whose fonts these are.
    public func layout(_ spec: TextSpec) -> OffscreenText? {
        guard let layout = pango_layout_new(context) else { return nil }
        spec.apply(to: layout, family: family)
        pango_layout_set_text(layout, spec.text, -1)
        return OffscreenText(layout: layout)
    }

    public func text(_ text: OffscreenText, x: Double, y: Double, color: Color) {
        cairo_save(cr)
        cairo_move_to(cr, x, y)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        pango_cairo_show_layout(cr, text.layout)
        cairo_restore(cr)
    }
}

/// A serial queue that paints images with cairo off the main thread (`paint`), with the Pango font
/// map its painters lay text out with (Pango's objects are for one thread at a time: this map is
/// only touched on this queue). Pictures of a few hundred thousand pixels paint in a few
/// milliseconds of CPU there, where recording the same look with GTK's GL renderer on llvmpipe takes
/// the main thread 8–9 ms between frames (docs/performance.md, issue 16).
public final class OffscreenPaintingQueue: @unchecked Sendable {
    // @unchecked: `fontMap` is used only by jobs on `queue`, which runs one at a time.
    private let queue: DispatchQueue
    private let fontMap: OpaquePointer

    public init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        fontMap = OpaquePointer(pango_cairo_font_map_new())
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(fontMap)) }

    /// Paints a `width`×`height` image (logical pixels; `scale` device pixels each) on the queue, unless
    /// `isWanted` says by then that nobody needs it, and gives it to `completion` on the main actor
    /// (nil: not wanted any more, or memory ran out): drawn as it is by the cairo renderer, or as its
    /// `texture` (no copy) by GL. `pictures` are handed to `draw` in order. Returns the job's time on
    /// the queue in milliseconds alongside the image.
    @MainActor
    public func paint(width: Double, height: Double, scale: Int, fonts: FontSetup, pictures: [Texture],
                      isWanted: @escaping @Sendable () -> Bool,
                      _ draw: @escaping @Sendable (OffscreenPainter, [OffscreenPicture]) -> Void,
                      completion: @escaping @MainActor (RasterImage?, _ milliseconds: Double) -> Void) {
        let handed = pictures.map { OffscreenPicture(texture: OpaquePointer(g_object_ref(UnsafeMutableRawPointer($0.paintable)))) }
        queue.async { [self] in
            let started = DispatchTime.now().uptimeNanoseconds
            let painted = isWanted() ? Self.render(width: width, height: height, scale: scale, fonts: fonts, fontMap: fontMap, pictures: handed, draw) : nil
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    for picture in handed { g_object_unref(UnsafeMutableRawPointer(picture.texture)) }
                    completion(painted.map(Self.image(of:)), milliseconds)
                }
            }
        }
    }

    /// The same painting done now, on the main thread (with GTK's own font map): for an image a
    /// frame needs before the queue could deliver it.
    @MainActor
    public static func paintNow(width: Double, height: Double, scale: Int, fonts: FontSetup, pictures: [Texture],
                                _ draw: (OffscreenPainter, [OffscreenPicture]) -> Void) -> RasterImage? {
        let handed = pictures.map { OffscreenPicture(texture: $0.paintable) }
        return withExtendedLifetime(pictures) {
            render(width: width, height: height, scale: scale, fonts: fonts, fontMap: OpaquePointer(pango_cairo_font_map_get_default()),
                   pictures: handed, draw).map(image(of:))
        }
    }

    /// Finished pixels on their way to the main actor, where they become a `RasterImage`.
    private struct Painted: @unchecked Sendable {
        // @unchecked: written on the queue, then owned by the main actor alone.
        let surface: OpaquePointer
        let scale: Int
    }

    private static func render(width: Double, height: Double, scale: Int, fonts: FontSetup, fontMap: OpaquePointer,
                               pictures: [OffscreenPicture], _ draw: (OffscreenPainter, [OffscreenPicture]) -> Void) -> Painted? {
        let s = max(1, scale)
        let pw = Int((width * Double(s)).rounded()), ph = Int((height * Double(s)).rounded())
        guard pw > 0, ph > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pw), Int32(ph)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface),
              let context = pango_font_map_create_context(UnsafeMutablePointer(fontMap)) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_scale(cr, Double(s), Double(s))
        pango_cairo_context_set_resolution(context, fonts.resolution)
        if let options = fonts.options.pointer { pango_cairo_context_set_font_options(context, options) }
        pango_context_set_round_glyph_positions(context, fonts.roundGlyphPositions ? 1 : 0)
        // Not pango_cairo_update_context: GTK lays text out without the surface's options or scale, and so must this.
        draw(OffscreenPainter(cr: cr, context: context, family: fonts.family), pictures)
        g_object_unref(UnsafeMutableRawPointer(context))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return Painted(surface: surface, scale: s)
    }

    @MainActor
    private static func image(of painted: Painted) -> RasterImage {
        RasterImage(adopting: painted.surface, scale: painted.scale)
    }
}
