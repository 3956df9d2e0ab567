import CGtk

/// An image decoded once and drawn many times (GdkTexture). Immutable, so sharing is free.
@MainActor
public final class Texture: Object {
    public override class var gType: GType { gdk_texture_get_type() }

    var paintable: OpaquePointer { OpaquePointer(raw) }
    public var pixelWidth: Int { Int(gdk_texture_get_width(paintable)) }
    public var pixelHeight: Int { Int(gdk_texture_get_height(paintable)) }
}

/// A decoded picture kept in memory (GdkPixbuf), from which textures of exactly the size they are
/// drawn at are made: drawing a texture 1:1 is a copy, while scaling a large one in every frame
/// costs the software renderer several milliseconds per picture.
@MainActor
public final class DecodedImage: Object {
    public override class var gType: GType { gdk_pixbuf_get_type() }

    public static func load(path: String) -> Result<DecodedImage, TextureError> {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            return .failure(TextureError(path: path, message: message))
        }
        return .success(DecodedImage(adopting: UnsafeMutableRawPointer(pixbuf)))
    }

    var pixbuf: OpaquePointer { OpaquePointer(raw) }
    public var pixelWidth: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
    public var pixelHeight: Int { Int(gdk_pixbuf_get_height(pixbuf)) }

    /// The picture scaled to cover `width`×`height` pixels and cropped to them, centred.
    /// Scales on the calling (main) thread: for pictures made once, not while scrolling — those
    /// are scaled in the background (`DecodedPixels.scaledToCover`).
    public func texture(covering width: Int, _ height: Int) -> Texture? {
        guard let cropped = PixbufScaling.cover(pixbuf, width: width, height: height) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(cropped)) }
        guard let texture = gdk_texture_new_for_pixbuf(cropped) else { return nil }
        return Texture(adopting: UnsafeMutableRawPointer(texture))
    }

    /// Another reference to the pixels, for scaling them off the main thread (immutable, so safe).
    public func sharedPixels() -> DecodedPixels {
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return DecodedPixels(retained: pixbuf)
    }

    /// The whole picture as a texture (to be scaled while drawing: a story growing, a small avatar).
    public func texture() -> Texture? {
        guard let texture = gdk_texture_new_for_pixbuf(pixbuf) else { return nil }
        return Texture(adopting: UnsafeMutableRawPointer(texture))
    }
}

public struct TextureError: Error, Sendable, Equatable {
    public let path: String
    public let message: String
}

/// A paragraph of text shaped by Pango for a widget (its font, its scale).
@MainActor
public final class TextLayout {
    let layout: OpaquePointer

    public enum Weight: Sendable { case regular, semibold, bold, heavy
        var pango: PangoWeight {
            switch self { case .regular: PANGO_WEIGHT_NORMAL; case .semibold: PANGO_WEIGHT_SEMIBOLD; case .bold: PANGO_WEIGHT_BOLD; case .heavy: PANGO_WEIGHT_HEAVY }
        }
    }

    /// - Parameters:
    ///   - size: points, as in CSS font-size.
    ///   - maxLines: 0 means unlimited; otherwise the last line ends with an ellipsis.
    public convenience init(widget: Widget, text: String, size: Double, weight: Weight = .regular,
                            width: Double, maxLines: Int = 0, letterSpacing: Double = 0) {
        self.init(widget: widget, spec: TextSpec(text, size: size, weight: weight, width: width, maxLines: maxLines, letterSpacing: letterSpacing))
    }

    /// `spec` laid out in the widget's font family (an `OffscreenPainter` lays it out the same way).
    public init(widget: Widget, spec: TextSpec) {
        layout = gtk_widget_create_pango_layout(widget.widget, spec.text)
        let base = pango_context_get_font_description(pango_layout_get_context(layout))
        spec.apply(to: layout, family: base.flatMap { pango_font_description_get_family($0) })
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// The shaped size in logical pixels.
    public var size: (width: Double, height: Double) {
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        return (Double(w), Double(h))
    }
}

extension Snapshot {
    /// A soft drop shadow outside a rounded rectangle (GSK blurs it on the GPU or in cairo).
    public func shadow(_ rect: Rect, radius: Double, color: Color, offsetX: Double, offsetY: Double, blur: Double, spread: Double = 0) {
        var rounded = GskRoundedRect()
        var r = rect.graphene
        gsk_rounded_rect_init_from_rect(&rounded, &r, Float(radius))
        var c = color.gdk
        gtk_snapshot_append_outset_shadow(pointer, &rounded, &c, Float(offsetX), Float(offsetY), Float(spread), Float(blur))
    }

    public func withRoundedClip(_ rect: Rect, radius: Double, _ body: () -> Void) {
        var rounded = GskRoundedRect()
        var r = rect.graphene
        gsk_rounded_rect_init_from_rect(&rounded, &r, Float(radius))
        gtk_snapshot_push_rounded_clip(pointer, &rounded)
        body()
        gtk_snapshot_pop(pointer)
    }

    public func withClip(_ rect: Rect, _ body: () -> Void) {
        var r = rect.graphene
        gtk_snapshot_push_clip(pointer, &r)
        body()
        gtk_snapshot_pop(pointer)
    }

    /// Draws `texture` to cover `rect` (scaled to fill, centred, cropped by the caller's clip).
    public func textureCovering(_ texture: Texture, _ rect: Rect) {
        var r = Rect.covering(rect, width: texture.pixelWidth, height: texture.pixelHeight).graphene
        gtk_snapshot_append_texture(pointer, texture.paintable, &r)
    }

    /// Draws `texture` into `rect` as it is (a texture made for that size).
    public func texture(_ texture: Texture, _ rect: Rect) {
        var r = rect.graphene
        gtk_snapshot_append_texture(pointer, texture.paintable, &r)
    }

    /// A vertical gradient from `top` to `bottom` over `rect` (used as a scrim under text).
    public func verticalGradient(_ rect: Rect, top: Color, bottom: Color) {
        var r = rect.graphene
        var start = graphene_point_t(x: Float(rect.x), y: Float(rect.y))
        var end = graphene_point_t(x: Float(rect.x), y: Float(rect.y + rect.height))
        var stops = [GskColorStop(offset: 0, color: top.gdk), GskColorStop(offset: 1, color: bottom.gdk)]
        gtk_snapshot_append_linear_gradient(pointer, &r, &start, &end, &stops, 2)
    }

    public func text(_ layout: TextLayout, x: Double, y: Double, color: Color) {
        gtk_snapshot_save(pointer)
        var p = graphene_point_t(x: Float(x), y: Float(y))
        gtk_snapshot_translate(pointer, &p)
        var c = color.gdk
        gtk_snapshot_append_layout(pointer, layout.layout, &c)
        gtk_snapshot_restore(pointer)
    }

    /// Draws a child widget of `parent` (containers must snapshot their children themselves).
    public func child(_ child: Widget, of parent: Widget) {
        gtk_widget_snapshot_child(parent.widget, child.widget, pointer)
    }

    public func border(_ rect: Rect, radius: Double, width: Double, color: Color) {
        var rounded = GskRoundedRect()
        var r = rect.graphene
        gsk_rounded_rect_init_from_rect(&rounded, &r, Float(radius))
        var widths: [Float] = [Float(width), Float(width), Float(width), Float(width)]
        var colors = [color.gdk, color.gdk, color.gdk, color.gdk]
        gtk_snapshot_append_border(pointer, &rounded, &widths, &colors)
    }
}
