import CGtk

extension DecodedImage {
    /// The picture's width and height read from its header, without decoding it (to refuse a
    /// picture that would take gigabytes before it is decoded). Nil if the format is unknown.
    /// Opens the file: check that it is a regular file first.
    public static func pixelSize(path: String) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil else { return nil }
        return (Int(width), Int(height))
    }
}
