import Gtk
import Logging

/// Decoded pictures by path, and textures made from them at the exact pixel size a card draws them.
/// A feed of 100,000 cards that reuses a dozen pictures decodes a dozen; the sized textures are kept
/// for the few sizes on screen (two card widths per window width) and the oldest dropped beyond that.
/// Failures are remembered so a bad file is reported once.
@MainActor
final class TextureCache {
    /// Enough for every picture at the two card widths of a window, plus a resize in progress.
    static let sizedLimit = 64

    private var decoded: [String: DecodedImage] = [:]
    private var whole: [String: Texture] = [:]
    private var sized: [SizedKey: Texture] = [:]
    private var sizedOrder: [SizedKey] = []
    private var failures: [String: String] = [:]
    private let logger = Logger(label: "skiff.today.images")
    /// Told once per image that cannot be decoded, with a message a user can act on.
    var onFailure: ((String) -> Void)?

    private struct SizedKey: Hashable {
        let path: String
        let width: Int
        let height: Int
    }

    private func image(for path: String?) -> DecodedImage? {
        guard let path else { return nil }
        if let image = decoded[path] { return image }
        if failures[path] != nil { return nil }
        switch DecodedImage.load(path: path) {
        case .success(let image):
            decoded[path] = image
            return image
        case .failure(let error):
            let message = "\(path): the picture could not be read (\(error.message)); a placeholder is shown."
            failures[path] = message
            logger.warning("\(message)")
            onFailure?(message)
            return nil
        }
    }

    /// The whole picture, to be scaled while drawing (a story growing, an avatar).
    func texture(for path: String?) -> Texture? {
        guard let path, let image = image(for: path) else { return nil }
        if let texture = whole[path] { return texture }
        let texture = image.texture()
        whole[path] = texture
        return texture
    }

    /// The picture cropped and scaled to exactly `width`×`height` device pixels.
    func texture(for path: String?, covering width: Int, _ height: Int) -> Texture? {
        guard let path, let image = image(for: path) else { return nil }
        let key = SizedKey(path: path, width: width, height: height)
        if let texture = sized[key] { return texture }
        guard let texture = image.texture(covering: width, height) else { return nil }
        sized[key] = texture
        sizedOrder.append(key)
        if sizedOrder.count > Self.sizedLimit { sized[sizedOrder.removeFirst()] = nil }
        return texture
    }

    var count: Int { decoded.count }
}
