import CGtk

extension Widget {
    /// Draws once into a texture made by this widget's window's own renderer, to be drawn again
    /// as one texture node. Under the GL renderer the texture stays on the GPU (llvmpipe: in its
    /// memory) and drawing it costs what a picture costs, however many shadows, clips and glyphs
    /// went into it; the cairo renderer makes a memory texture, which GTK 4.8 then draws slowly,
    /// so there a widget should draw directly (`usesCairoRenderer`).
    ///
    /// - Parameters:
    ///   - width, height: the texture's logical size; (0, 0) of `draw` is its top left corner.
    ///   - scale: device pixels per logical pixel (the widget's scale factor).
    /// - Returns: nil when the widget is not in a realized window, or nothing was drawn.
    public func recordTexture(width: Double, height: Double, scale: Int, _ draw: (Snapshot) -> Void) -> Texture? {
        guard width >= 1, height >= 1,
              let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native),
              let recorder = gtk_snapshot_new() else { return nil }
        let s = Float(max(1, scale))
        gtk_snapshot_scale(recorder, s, s)
        draw(Snapshot(pointer: recorder))
        guard let node = gtk_snapshot_free_to_node(recorder) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float((width * Double(s)).rounded()), height: Float((height * Double(s)).rounded())))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        return Texture(adopting: UnsafeMutableRawPointer(texture))
    }
}
