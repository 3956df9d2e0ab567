import CGtk

/// A themed icon (GtkImage), e.g. the large symbol of a status page.
@MainActor
public final class Image: Widget {
    public override class var gType: GType { gtk_image_get_type() }
    public convenience init(iconName: String, pixelSize: Int) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)))
        gtk_image_set_pixel_size(OpaquePointer(raw), Int32(pixelSize))
    }
}
