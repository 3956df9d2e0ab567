import CGtk
import Dispatch

/// Pixels scaled off the main thread, on their way to becoming a texture on it.
private struct ScaledPixels: @unchecked Sendable {
    // @unchecked: the buffer is written once on the worker, then only read by the main actor.
    let data: UnsafeMutableRawPointer
    let width: Int, height: Int, stride: Int
}

/// The source pixels, downloaded on the main actor and handed to the worker that scales them.
private struct SourcePixels: @unchecked Sendable {
    // @unchecked: owned by exactly one side at a time (main, then the worker, which frees it).
    let surface: OpaquePointer
}

extension Texture {
    /// A copy of the picture scaled down (never up) to fit `maxWidth`×`maxHeight` pixels, keeping
    /// its shape: for thumbnails kept per tab, at a bounded size. A `RasterImage`, which the cairo
    /// renderer paints straight from its surface (a texture would be converted every frame). The pixels are copied out on the
    /// main actor (one `memcpy`-like download) and filtered on a background queue; `completion`
    /// runs on the main actor with the result, or nil if memory ran out.
    public func scaledDown(fittingWidth maxWidth: Int, height maxHeight: Int, completion: @escaping @MainActor (RasterImage?) -> Void) {
        let w = pixelWidth, h = pixelHeight
        guard w > 0, h > 0, maxWidth > 0, maxHeight > 0,
              let source = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return completion(nil) }
        guard cairo_surface_status(source) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(source) else {
            cairo_surface_destroy(source)
            return completion(nil)
        }
        // GDK downloads in cairo's ARGB32 layout (premultiplied, native endian).
        gdk_texture_download(paintable, data, gsize(cairo_image_surface_get_stride(source)))
        cairo_surface_mark_dirty(source)
        let scale = min(1, min(Double(maxWidth) / Double(w), Double(maxHeight) / Double(h)))
        let tw = max(1, Int((Double(w) * scale).rounded())), th = max(1, Int((Double(h) * scale).rounded()))
        let input = SourcePixels(surface: source)
        DispatchQueue.global(qos: .userInitiated).async {
            let scaled = Self.scale(input, width: tw, height: th, scale: scale)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let scaled else { return completion(nil) }
                    defer { free(scaled.data) }
                    completion(RasterImage(copying: scaled.data, width: scaled.width, height: scaled.height, stride: scaled.stride))
                }
            }
        }
    }

    /// Filters `input` down into a new malloc'd buffer, and frees `input`. Any thread.
    private nonisolated static func scale(_ input: SourcePixels, width: Int, height: Int, scale: Double) -> ScaledPixels? {
        defer { cairo_surface_destroy(input.surface) }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0, let buffer = calloc(stride * height, 1) else { return nil }
        guard let target = cairo_image_surface_create_for_data(buffer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                               Int32(width), Int32(height), Int32(stride)) else {
            free(buffer)
            return nil
        }
        defer { cairo_surface_destroy(target) }
        guard cairo_surface_status(target) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(target) else {
            free(buffer)
            return nil
        }
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, input.surface, 0, 0)
        // GOOD averages the pixels a thumbnail pixel covers (a box filter when shrinking).
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        return ScaledPixels(data: buffer, width: width, height: height, stride: stride)
    }
}

extension RasterImage {
    /// A copy of ARGB32 pixels (cairo's layout).
    convenience init?(copying data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        guard let source = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                               Int32(width), Int32(height), Int32(stride)) else { return nil }
        defer { cairo_surface_destroy(source) }
        self.init(width: width, height: height) { painter in
            cairo_set_source_surface(painter.cr, source, 0, 0)
            cairo_set_operator(painter.cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(painter.cr)
        }
    }

    /// A copy of a texture's pixels, at its size, downloaded once (a snapshot to be drawn many times
    /// while it moves; under the cairo renderer, which would otherwise convert the texture's pixels
    /// in every frame that draws it).
    public convenience init?(copying texture: Texture) {
        self.init(width: texture.pixelWidth, height: texture.pixelHeight) { painter in
            guard let target = cairo_get_target(painter.cr), let data = cairo_image_surface_get_data(target) else { return }
            cairo_surface_flush(target)
            gdk_texture_download(texture.paintable, data, gsize(cairo_image_surface_get_stride(target)))
            cairo_surface_mark_dirty(target)
        }
    }
}

extension Snapshot {
    /// Draws `image` scaled into `rect`: through a cairo node when `cairo` is true (the software
    /// renderer, which would otherwise convert a texture's pixels every frame), else as a texture.
    /// `fast` picks the nearest pixel instead of filtering (for pictures in motion).
    public func image(_ image: RasterImage, in rect: Rect, cairo: Bool, fast: Bool = false) {
        guard rect.width > 0, rect.height > 0 else { return }
        if cairo {
            paint(rect) { painter in
                cairo_translate(painter.cr, rect.x, rect.y)
                cairo_scale(painter.cr, rect.width / Double(image.width), rect.height / Double(image.height))
                cairo_set_source_surface(painter.cr, image.surface, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(painter.cr), fast ? CAIRO_FILTER_FAST : CAIRO_FILTER_GOOD)
                cairo_paint(painter.cr)
            }
        } else if let texture = image.texture {
            self.texture(texture, rect)
        }
    }
}
