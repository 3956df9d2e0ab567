import Foundation
import JSONReader

/// What a feed's pictures may cost (docs/feed-format.md, "Limits"), and reading one safely.
public enum PictureLimits {
    /// A picture file larger than this is not read at all.
    public static let fileSize = 32 * 1024 * 1024
    /// Pixels a picture may declare (width × height), checked from its header before decoding:
    /// 36 megapixels is a large camera's photo. A decompression bomb (an 855 KB PNG declaring
    /// 30000×30000) is refused there, having cost nothing.
    public static let pixels = 36_000_000
    /// Pictures are decoded straight to at most this many pixels on the longest side: more than
    /// a story header on a 2560-px-wide window needs.
    public static let decodedSide = 2560
    /// Decoded pixels kept in memory at once, whatever the feed holds; the least recently drawn
    /// go first and are decoded again if they come back.
    public static let decodedBytes = 192 * 1024 * 1024
}

public enum PictureFile {
    /// Why a picture was not used, worded for a problem line.
    public struct Refusal: Error, Sendable, Equatable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// The file's bytes, or why not, in words for a problem line. Opened non-blocking and checked
    /// on its descriptor (`DataFile`), so a path swapped for a FIFO or a device since the feed was
    /// read can't block or flood the reader.
    public static func read(_ url: URL) -> Result<Data, Refusal> {
        switch DataFile.read(url, maximumSize: PictureLimits.fileSize) {
        case .success(let data): return .success(data)
        case .failure(let failure): return .failure(Refusal(failure.description))
        }
    }
}
