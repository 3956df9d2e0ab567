import Dispatch
import Foundation
import Gtk

/// The one way Skiff turns a picture file into pixels: read without following a link
/// (`PictureFile.read`), known by its first bytes (`PictureFormat`), decoded by that format's decoder
/// only, refused from its header beyond a pixel count, decoded straight to the size it is shown at
/// and stopped after a time limit. Today's feed pictures and Home's tiles and pages both come
/// through here (docs/feed-format.md, "Pictures"; docs/home-format.md).
public enum PictureDecoding {
    /// What one picture may cost.
    public struct Limits: Sendable {
        public var fileSize: Int
        public var pixels: Int
        /// Decoded straight to at most this many pixels on the longest side.
        public var side: Int
        public var time: Duration

        public init(fileSize: Int, pixels: Int, side: Int, time: Duration) {
            self.fileSize = fileSize
            self.pixels = pixels
            self.side = side
            self.time = time
        }

        /// A feed's pictures (`PictureLimits`).
        public static let feed = Limits(fileSize: PictureLimits.fileSize, pixels: PictureLimits.pixels,
                                        side: PictureLimits.decodedSide, time: PictureLimits.decodeTime)
    }

    /// Any thread; in Skiff never the main one (`PictureLoader`, Today's `TextureCache`). `path` is absolute
    /// and its links resolved (`PictureFile.read` refuses to follow one).
    public static func decode(path: String, limits: Limits = .feed) -> Result<DecodedPixels, PictureFile.Refusal> {
        switch PictureFile.read(URL(fileURLWithPath: path), maximumSize: limits.fileSize) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let data):
            let format: PictureFormat
            switch PictureFormat.sniff(data) {
            case .success(let sniffed): format = sniffed
            case .failure(let refusal): return .failure(refusal)
            }
            return ImageDecoding.decode(data, decoder: format.decoderName, maximumPixels: limits.pixels,
                                        fittingWithin: limits.side, timeLimit: limits.time)
                .mapError { PictureFile.Refusal($0.message) }
        }
    }
}

/// Decodes pictures off the main thread for views that show a few (Home's tiles and pages): each
/// on a thread of its own (a picture stuck in its decoder holds up only itself), at most
/// `PictureLimits.decoders` at once, the rest waiting their turn; the result is handed to the main actor.
@MainActor
public enum PictureLoader {
    private struct Job {
        let path: String
        let limits: PictureDecoding.Limits
        let done: @MainActor (Result<DecodedImage, PictureFile.Refusal>) -> Void
    }

    private static var running = 0
    private static var waiting: [Job] = []

    /// Loads the picture at `path` (a relative path or one through links is resolved first) and calls
    /// `done` with it, or why not, on the main actor — never before this returns.
    public static func load(_ path: String, limits: PictureDecoding.Limits,
                            done: @escaping @MainActor (Result<DecodedImage, PictureFile.Refusal>) -> Void) {
        waiting.append(Job(path: path, limits: limits, done: done))
        startNext()
    }

    private static func startNext() {
        guard running < PictureLimits.decoders, !waiting.isEmpty else { return }
        let job = waiting.removeFirst()
        running += 1
        let (path, limits) = (job.path, job.limits)
        let thread = Thread {
            let outcome: Result<DecodedPixels, PictureFile.Refusal>
            if let real = realpath(path, nil) {
                defer { free(real) }
                outcome = PictureDecoding.decode(path: String(cString: real), limits: limits)
            } else {
                outcome = .failure(PictureFile.Refusal(errno == ENOENT ? "the file does not exist" : String(cString: strerror(errno))))
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    running -= 1
                    job.done(outcome.map { DecodedImage(adopting: $0) })
                    startNext()
                }
            }
        }
        thread.name = "skiff.picture.decode"
        thread.qualityOfService = .userInitiated
        thread.start()
        startNext()
    }
}
