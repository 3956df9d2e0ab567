import CGtk
import Foundation
import Synchronization

/// Decoded pixels (a GdkPixbuf) made off the main thread, holding one reference until a
/// `DecodedImage` adopts them on the main actor (or `release()` drops them).
public struct DecodedPixels: @unchecked Sendable {
    // @unchecked: a pixbuf is immutable once decoded, and exactly one owner releases it.
    fileprivate let pointer: OpaquePointer
    public let width: Int
    public let height: Int

    public func release() { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Takes over one reference to `pixbuf`.
    init(retained pixbuf: OpaquePointer) {
        pointer = pixbuf
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
    }

    /// The picture scaled to cover `width`×`height` and cropped to it, centred: for a background
    /// queue (the pixels are only read). Nil if either size is 0 or memory runs out.
    public func scaledToCover(width: Int, height: Int) -> DecodedPixels? {
        PixbufScaling.cover(pointer, width: width, height: height).map(DecodedPixels.init(retained:))
    }
    /// Bytes of pixel memory (rows are padded to 4 bytes).
    public var byteCount: Int { Int(gdk_pixbuf_get_rowstride(pointer)) * height }
}

extension Texture {
    /// A texture of `pixels` (which it releases): on the main actor, where textures are made.
    public convenience init?(pixels: DecodedPixels) {
        defer { pixels.release() }
        guard let texture = gdk_texture_new_for_pixbuf(pixels.pointer) else { return nil }
        self.init(adopting: UnsafeMutableRawPointer(texture))
    }
}

/// The one pixbuf scaler. It counts calls made on the main thread, so a test can prove that
/// scrolling never scales there (and a debug build of a caller can assert it).
public enum PixbufScaling {
    private static let mainThreadCalls = Mutex(0)
    /// How many scales ran on the main thread since the process started.
    public static var mainThreadScaleCount: Int { mainThreadCalls.withLock { $0 } }

    /// A new pixbuf: `source` scaled to cover width×height, cropped to it, centred.
    static func cover(_ source: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
        guard width > 0, height > 0 else { return nil }
        if Thread.isMainThread { mainThreadCalls.withLock { $0 += 1 } }
        let sourceWidth = Int(gdk_pixbuf_get_width(source)), sourceHeight = Int(gdk_pixbuf_get_height(source))
        let scale = max(Double(width) / Double(max(1, sourceWidth)), Double(height) / Double(max(1, sourceHeight)))
        let w = max(width, Int((Double(sourceWidth) * scale).rounded(.up)))
        let h = max(height, Int((Double(sourceHeight) * scale).rounded(.up)))
        guard let scaled = gdk_pixbuf_scale_simple(source, Int32(w), Int32(h), GDK_INTERP_BILINEAR) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        // A copy, not a sub-pixbuf sharing the larger one's memory.
        guard let cropped = gdk_pixbuf_new(GDK_COLORSPACE_RGB, gdk_pixbuf_get_has_alpha(scaled), 8, Int32(width), Int32(height)) else { return nil }
        gdk_pixbuf_copy_area(scaled, Int32((w - width) / 2), Int32((h - height) / 2), Int32(width), Int32(height), cropped, 0, 0)
        return cropped
    }
}

extension DecodedImage {
    /// Takes over the reference `pixels` holds.
    public convenience init(adopting pixels: DecodedPixels) {
        self.init(adopting: UnsafeMutableRawPointer(pixels.pointer))
    }
}

/// Picture decoding that is safe with any bytes and from any thread: the size a picture declares
/// is read from its header before a single pixel is decoded (as `gdk_pixbuf_get_file_info` does,
/// but from memory, so nothing is opened by path), pictures beyond `maximumPixels` are refused
/// there, and the rest are decoded straight to the size they will be shown at.
public enum ImageDecoding {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Bytes handed to the decoder at a time: the header is in the first chunk, so a refused
    /// picture costs one chunk of work.
    static let chunkSize = 16 * 1024

    /// The width and height the picture's header declares, or nil when no decoder recognises it.
    public static func declaredSize(of data: Data) -> (width: Int, height: Int)? {
        let request = SizeRequest(maximumPixels: 0, box: 0, probeOnly: true)
        run(data, request)
        return request.width > 0 && request.height > 0 ? (request.width, request.height) : nil
    }

    /// Decodes `data`, scaled down (never up) to fit a `box`×`box` square. Refused without
    /// decoding when the header declares more than `maximumPixels`, or when the decoder never says
    /// what size the picture is before decoding it.
    ///
    /// - Parameters:
    ///   - decoder: gdk-pixbuf's name of the only decoder to use ("png"); nil lets gdk-pixbuf choose
    ///     from the bytes, among every decoder installed (SVG and TIFF too): only for trusted pictures.
    ///   - timeLimit: decoding stops, refused, once this much time has passed; it is checked between
    ///     chunks of `chunkSize` bytes, so a decoder whose work per chunk is bounded stops within it.
    public static func decode(_ data: Data, decoder: String? = nil, maximumPixels: Int, fittingWithin box: Int,
                              timeLimit: Duration? = nil) -> Result<DecodedPixels, Failure> {
        let request = SizeRequest(maximumPixels: maximumPixels, box: box, probeOnly: false)
        request.decoder = decoder
        request.deadline = timeLimit.map { ContinuousClock.now.advanced(by: $0) }
        let outcome = run(data, request)
        if request.timedOut, let timeLimit {
            if let pixbuf = outcome.pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            let seconds = (Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18)
                .formatted(.number.precision(.fractionLength(0...1)))
            return .failure(Failure(message: "decoding it took longer than \(seconds) s, the limit"))
        }
        if let pixbuf = outcome.pixbuf, request.width == 0 {
            // The pixel limit is enforced in "size-prepared": a decoder that skipped it went unchecked.
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            return .failure(Failure(message: "its decoder did not say its size before decoding it"))
        }
        if request.refused {
            if let pixbuf = outcome.pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            let megapixels = (Double(maximumPixels) / 1_000_000).formatted(.number.precision(.fractionLength(0...1)))
            return .failure(Failure(message: "the picture is \(request.width)×\(request.height) pixels; the limit is \(megapixels) megapixels"))
        }
        guard let pixbuf = outcome.pixbuf else {
            return .failure(Failure(message: outcome.error ?? "not a picture Skiff can read"))
        }
        return .success(DecodedPixels(retained: pixbuf))
    }

    final class SizeRequest {
        let maximumPixels: Int
        let box: Int
        let probeOnly: Bool
        var width = 0
        var height = 0
        var refused = false
        var decoder: String?
        var deadline: ContinuousClock.Instant?
        var timedOut = false
        init(maximumPixels: Int, box: Int, probeOnly: Bool) {
            self.maximumPixels = maximumPixels
            self.box = box
            self.probeOnly = probeOnly
        }
    }

    /// Feeds `data` to a GdkPixbufLoader in chunks, stopping as soon as the picture is refused.
    /// Returns the pixbuf (one reference of ours) or the loader's error.
    @discardableResult
    private static func run(_ data: Data, _ request: SizeRequest) -> (pixbuf: OpaquePointer?, error: String?) {
        var error: UnsafeMutablePointer<GError>?
        let made = request.decoder.map { gdk_pixbuf_loader_new_with_type($0, &error) } ?? gdk_pixbuf_loader_new()
        if let failed = error {
            g_error_free(failed)
            return (nil, "this system has no \(request.decoder?.uppercased() ?? "") decoder for gdk-pixbuf")
        }
        guard let loader = made else { return (nil, "no picture decoder") }
        let raw = UnsafeMutableRawPointer(loader)
        defer { g_object_unref(raw) }
        let box = Unmanaged.passRetained(request)
        g_signal_connect_data(raw, "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self), box.toOpaque(),
                              { data, _ in if let data { Unmanaged<SizeRequest>.fromOpaque(data).release() } }, GConnectFlags(0))
        var message: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var offset = 0
            while offset < buffer.count, !request.refused, !(request.probeOnly && request.width > 0) {
                if let deadline = request.deadline, ContinuousClock.now >= deadline {
                    request.timedOut = true
                    break
                }
                let count = min(chunkSize, buffer.count - offset)
                if gdk_pixbuf_loader_write(loader, base + offset, gsize(count), &error) == 0 { break }
                offset += count
            }
        }
        if let written = error {
            message = written.pointee.message.map { String(cString: $0) }
            g_error_free(written)
            error = nil
        }
        // Always closed (GdkPixbufLoader warns otherwise); an early stop makes this report an error.
        if gdk_pixbuf_loader_close(loader, &error) == 0, let closing = error {
            if message == nil { message = closing.pointee.message.map { String(cString: $0) } }
            g_error_free(closing)
        }
        guard !request.refused, !request.timedOut, !request.probeOnly, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return (nil, message) }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return (pixbuf, nil)
    }
}

/// "size-prepared" (GdkPixbufLoader*, int width, int height, gpointer): the header is read, no
/// pixel yet. Setting the size to 0×0 makes the decoder stop there.
private let sizePrepared: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { loader, width, height, data in
    guard let loader, let data else { return }
    let request = Unmanaged<ImageDecoding.SizeRequest>.fromOpaque(data).takeUnretainedValue()
    let pixbufLoader = loader.assumingMemoryBound(to: GdkPixbufLoader.self)
    request.width = Int(width)
    request.height = Int(height)
    if request.probeOnly {
        gdk_pixbuf_loader_set_size(pixbufLoader, 0, 0)
        return
    }
    if width <= 0 || height <= 0 || Int(width) * Int(height) > request.maximumPixels {
        request.refused = true
        gdk_pixbuf_loader_set_size(pixbufLoader, 0, 0)
        return
    }
    let longest = Int(max(width, height))
    if longest > request.box {
        let scale = Double(request.box) / Double(longest)
        gdk_pixbuf_loader_set_size(pixbufLoader, Int32(max(1, (Double(width) * scale).rounded())), Int32(max(1, (Double(height) * scale).rounded())))
    }
}
