import CGtk

/// A GError's message, the GError freed: what a failed GLib call tells the user.
public struct GLibError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }

    public init(message: String) { self.message = message }

    init(taking error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            message = "unknown error"
            return
        }
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(error)
    }
}
