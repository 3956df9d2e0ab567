import Gtk
import Logging

/// Decoded images by path, shared by every card that shows them. A feed of 100,000 cards that
/// reuses a dozen images decodes a dozen. Failures are remembered so a bad file is reported once.
@MainActor
final class TextureCache {
    private var textures: [String: Texture] = [:]
    private var failures: [String: String] = [:]
    private let logger = Logger(label: "skiff.today.images")
    /// Told once per image that cannot be decoded, with a message a user can act on.
    var onFailure: ((String) -> Void)?

    func texture(for path: String?) -> Texture? {
        guard let path else { return nil }
        if let texture = textures[path] { return texture }
        if failures[path] != nil { return nil }
        switch Texture.load(path: path) {
        case .success(let texture):
            textures[path] = texture
            return texture
        case .failure(let error):
            let message = "\(path): the image could not be read (\(error.message)); a placeholder is shown."
            failures[path] = message
            logger.warning("\(message)")
            onFailure?(message)
            return nil
        }
    }

    var count: Int { textures.count }
}
