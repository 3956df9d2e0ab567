import CGtk

/// Cairo drawing, for what the snapshot API cannot express in GTK 4.8 (stroked lines, dashes,
/// antialiased discs). Valid only inside the closure that receives it.
@MainActor
public struct Painter {
    let cr: OpaquePointer

    public func setColor(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }
    public func setLineWidth(_ width: Double) { cairo_set_line_width(cr, width) }
    public func setRoundCaps() {
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    }
    /// Dashes: alternating on and off lengths, starting `offset` into the pattern.
    public func setDash(_ pattern: [Double], offset: Double = 0) {
        pattern.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), offset) }
    }
    public func moveTo(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    public func lineTo(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    public func stroke() { cairo_stroke(cr) }
    /// A circle's arc round (x, y), clockwise from `start` to `end` (radians, 0 at three o'clock),
    /// stroked with the current colour and line width.
    public func strokeArc(_ x: Double, _ y: Double, radius: Double, from start: Double, to end: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, start, end)
        cairo_stroke(cr)
    }
    public func disc(_ x: Double, _ y: Double, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_fill(cr)
    }
    public func fill(_ rect: Rect) {
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
    }
    /// Fills `rect` with a radial gradient around (cx, cy): `inner` at radius r0, `outer` from r1 on.
    public func radialGradient(_ rect: Rect, cx: Double, cy: Double, r0: Double, r1: Double, inner: Color, outer: Color) {
        cairoFill(cr, rect, gradient: cairo_pattern_create_radial(cx, cy, r0, cx, cy, r1), from: inner, to: outer)
    }
}

/// Fills `rect` with `gradient` (taken over), from `start` at its first end to `end` at its other.
nonisolated func cairoFill(_ cr: OpaquePointer, _ rect: Rect, gradient: OpaquePointer?, from start: Color, to end: Color) {
    guard let gradient else { return }
    cairo_pattern_add_color_stop_rgba(gradient, 0, start.red, start.green, start.blue, start.alpha)
    cairo_pattern_add_color_stop_rgba(gradient, 1, end.red, end.green, end.blue, end.alpha)
    cairo_set_source(cr, gradient)
    cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
    cairo_fill(cr)
    cairo_pattern_destroy(gradient)
}

/// Sizes of pixel buffers.
@MainActor
public enum Raster {
    /// Bytes `width`×`height` device pixels take (4 per pixel).
    public static func byteCount(width: Int, height: Int) -> Int { max(0, width) * max(0, height) * 4 }
}

extension Snapshot {
    /// Draws with cairo into `rect` for this frame only (a cairo node).
    public func paint(_ rect: Rect, _ draw: (Painter) -> Void) {
        var r = rect.graphene
        guard let cr = gtk_snapshot_append_cairo(pointer, &r) else { return }
        draw(Painter(cr: cr))
        cairo_destroy(cr)
    }

    /// Draws `texture` at (x, y) at its logical size (`width`×`height`).
    public func texture(_ texture: Texture, x: Double, y: Double, width: Double, height: Double) {
        self.texture(texture, Rect(x: x, y: y, width: width, height: height))
    }
}

extension TextLayout {
    /// Sets the font family ("monospace") keeping the size and weight.
    public func setFamily(_ family: String) {
        let current = pango_layout_get_font_description(layout)
        let font = current.map { pango_font_description_copy($0) } ?? pango_font_description_new()
        pango_font_description_set_family(font, family)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
    }
}

/// Pixels drawn once with cairo and kept in a cairo image surface. Under GTK 4.8's cairo renderer a
/// texture node converts its texture's pixels (through floats) into a new surface every frame; these
/// are painted straight from their surface through one cairo node (see `Snapshot.images`). For the GL
/// renderers, `texture` gives the same pixels as a texture, made once.
@MainActor
public final class RasterImage {
    let surface: OpaquePointer
    public let width: Int, height: Int, scale: Int
    private var cachedTexture: Texture?

    public init?(width: Int, height: Int, scale: Int = 1, _ draw: (Painter) -> Void) {
        let s = max(1, scale)
        guard width > 0, height > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * s), Int32(height * s)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_scale(cr, Double(s), Double(s))
        draw(Painter(cr: cr))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_set_device_scale(surface, Double(s), Double(s))
        self.surface = surface
        self.width = width
        self.height = height
        self.scale = s
    }

    /// Takes over `surface` (finished: nothing draws into it any more), `scale` device pixels a point.
    init(adopting surface: OpaquePointer, scale: Int) {
        let s = max(1, scale)
        cairo_surface_set_device_scale(surface, Double(s), Double(s))
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface)) / s
        height = Int(cairo_image_surface_get_height(surface)) / s
        self.scale = s
    }

    isolated deinit { cairo_surface_destroy(surface) }

    /// Bytes the pixels take (4 per device pixel; a texture made of them shares them).
    public var byteCount: Int { Raster.byteCount(width: width * scale, height: height * scale) }

    /// The same pixels as a texture (made on first use, then kept). No copy: the texture's bytes hold
    /// a reference to the surface, whose pixels never change once made.
    public var texture: Texture? {
        if let cachedTexture { return cachedTexture }
        let stride = Int(cairo_image_surface_get_stride(surface)), ph = Int(cairo_image_surface_get_height(surface))
        let pw = Int(cairo_image_surface_get_width(surface))
        guard let data = cairo_image_surface_get_data(surface),
              let bytes = g_bytes_new_with_free_func(data, gsize(stride * ph), { cairo_surface_destroy(OpaquePointer($0)) },
                                                     UnsafeMutableRawPointer(cairo_surface_reference(surface))) else { return nil }
        defer { g_bytes_unref(bytes) }
        cachedTexture = Texture(cairoPixels: bytes, width: pw, height: ph, stride: stride)
        return cachedTexture
    }
}

extension Texture {
    /// A memory texture over `bytes` laid out as a cairo ARGB32 image (premultiplied, native endian).
    convenience init?(cairoPixels bytes: OpaquePointer, width: Int, height: Int, stride: Int) {
        #if _endian(big)
        let format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
        #else
        let format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
        #endif
        guard let raw = gdk_memory_texture_new(Int32(width), Int32(height), format, bytes, gsize(stride)) else { return nil }
        self.init(adopting: UnsafeMutableRawPointer(raw))
    }
}

extension Widget {
    /// Whether GTK draws this widget's window with its cairo (software) renderer.
    public var usesCairoRenderer: Bool {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return false }
        return skiff_is_a(UnsafeMutableRawPointer(renderer), gsk_cairo_renderer_get_type()) != 0
    }
}

extension Snapshot {
    /// Draws each image at its (x, y), in order, at its logical size, clipped to `rect`: through one
    /// cairo node when `cairo` is true (the software renderer), else as texture nodes.
    public func images(_ items: [(image: RasterImage, x: Double, y: Double)], in rect: Rect, cairo: Bool) {
        guard !items.isEmpty else { return }
        if cairo {
            paint(rect) { painter in
                for item in items {
                    cairo_set_source_surface(painter.cr, item.image.surface, item.x, item.y)
                    cairo_rectangle(painter.cr, item.x, item.y, Double(item.image.width), Double(item.image.height))
                    cairo_fill(painter.cr)
                }
            }
        } else {
            for item in items {
                if let t = item.image.texture {
                    texture(t, Rect(x: item.x, y: item.y, width: Double(item.image.width), height: Double(item.image.height)))
                }
            }
        }
    }
}
