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
        guard let pattern = cairo_pattern_create_radial(cx, cy, r0, cx, cy, r1) else { return }
        cairo_pattern_add_color_stop_rgba(pattern, 0, inner.red, inner.green, inner.blue, inner.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, outer.red, outer.green, outer.blue, outer.alpha)
        cairo_set_source(cr, pattern)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
    }
}

/// Draws once into memory and hands the pixels to GTK as a texture: for layers drawn once per
/// window size and then only moved.
@MainActor
public enum Raster {
    /// Bytes a texture of `width`×`height` device pixels takes (4 per pixel).
    public static func byteCount(width: Int, height: Int) -> Int { max(0, width) * max(0, height) * 4 }

    /// A `width`×`height` (logical pixels) texture at `scale` device pixels per pixel, transparent
    /// where `draw` leaves it. Nil for an empty size or if memory could not be had.
    public static func texture(width: Int, height: Int, scale: Int = 1, _ draw: (Painter) -> Void) -> Texture? {
        let pw = Int32(width * max(1, scale)), ph = Int32(height * max(1, scale))
        guard pw > 0, ph > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        cairo_scale(cr, Double(max(1, scale)), Double(max(1, scale)))
        draw(Painter(cr: cr))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface),
              let bytes = g_bytes_new(data, gsize(stride * Int(ph))) else { return nil }
        defer { g_bytes_unref(bytes) }
        // Cairo's ARGB32 is premultiplied B, G, R, A in memory on little-endian machines: GDK's default.
        #if _endian(big)
        let format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
        #else
        let format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
        #endif
        guard let texture = gdk_memory_texture_new(pw, ph, format, bytes, gsize(stride)) else { return nil }
        return Texture(adopting: UnsafeMutableRawPointer(texture))
    }
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
