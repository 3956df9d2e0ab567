import CQREncode
import HomeModel

/// The member number as a QR symbol, encoded by libqrencode (error correction M: a quarter of a
/// scratched card still reads).
enum QREncoder {
    /// Longer text than a member number is not ours to encode; libqrencode would still make a
    /// symbol, but a phone screen could not show it legibly.
    static let maximumLength = 256

    static func encode(_ text: String) -> QRMatrix? {
        guard !text.isEmpty, text.utf8.count <= maximumLength else { return nil }
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        guard size > 0, let data = code.pointee.data else { return nil }
        // Bit 0 of each byte is the module's colour (1 = dark); the other bits describe its role.
        let modules = (0..<(size * size)).map { data[$0] & 1 == 1 }
        return QRMatrix(size: size, modules: modules)
    }
}
