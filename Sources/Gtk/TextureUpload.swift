import CGtk

extension Widget {
    /// Hands `texture` to this widget's window's renderer now, so that the frame that first draws it
    /// does not pay for its upload (GL renderers keep the uploaded copy with the texture). A texture
    /// node of it is rendered into a 1×1 target: the renderer uploads the whole texture to draw any of it.
    /// Does nothing without a realized window.
    public func prepareForDrawing(_ texture: Texture) {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                     size: graphene_size_t(width: Float(texture.pixelWidth), height: Float(texture.pixelHeight)))
        guard let node = gsk_texture_node_new(texture.paintable, &bounds) else { return }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: 1, height: 1))
        if let target = gsk_renderer_render_texture(renderer, node, &viewport) { g_object_unref(UnsafeMutableRawPointer(target)) }
    }
}
