import CGtk
import CWebKit
import Foundation

/// What is under the pointer (or under a right click) in a page.
public struct HitTest: Sendable, Equatable {
    public var linkURI: String?
    public var imageURI: String?
    public var mediaURI: String?
    public var isEditable = false
    public var isSelection = false

    public init(linkURI: String? = nil, imageURI: String? = nil, mediaURI: String? = nil, isEditable: Bool = false, isSelection: Bool = false) {
        self.linkURI = linkURI
        self.imageURI = imageURI
        self.mediaURI = mediaURI
        self.isEditable = isEditable
        self.isSelection = isSelection
    }

    /// Addresses are read up to 64 KiB: a `data:` link can be 100 MB, and what is shown of it is
    /// far shorter (docs/where-am-i.md). Copying a link is WebKit's own and copies all of it.
    public static let maximumURIBytes = 65_536

    init(_ result: OpaquePointer) {
        if webkit_hit_test_result_context_is_link(result) != 0 { linkURI = Self.text(webkit_hit_test_result_get_link_uri(result)) }
        if webkit_hit_test_result_context_is_image(result) != 0 { imageURI = Self.text(webkit_hit_test_result_get_image_uri(result)) }
        if webkit_hit_test_result_context_is_media(result) != 0 { mediaURI = Self.text(webkit_hit_test_result_get_media_uri(result)) }
        isEditable = webkit_hit_test_result_context_is_editable(result) != 0
        isSelection = webkit_hit_test_result_context_is_selection(result) != 0
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        let count = strnlen(pointer, maximumURIBytes)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }
}

public typealias HitTestHandler = @MainActor (HitTest) -> Void

/// The certificate a page came with and what is wrong with it (GTlsCertificate and its flags).
public struct CertificateInfo: Sendable, Equatable {
    public var subject: String?
    public var issuer: String?
    public var validFrom: Date?
    public var validUntil: Date?
    /// GTlsCertificateFlags: 0 when the certificate was verified.
    public var errorFlags: UInt32
}

extension WebView {
    /// "mouse-target-changed": what is under the pointer changed (a link entered or left).
    @discardableResult
    public func onMouseTargetChanged(_ body: @escaping HitTestHandler) -> SignalHandlerID {
        connectBoxed("mouse-target-changed", unsafeBitCast(mouseTargetTrampoline, to: UnsafeRawPointer.self), body, signature: .mouseTarget)
    }

    /// The main resource's certificate; nil for a page that did not come over TLS.
    public var certificate: CertificateInfo? {
        var certificate: UnsafeMutablePointer<GTlsCertificate>?
        var flags = GTlsCertificateFlags(0)
        guard webkit_web_view_get_tls_info(raw.assumingMemoryBound(to: WebKitWebView.self), &certificate, &flags) != 0,
              let certificate else { return nil }
        func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
            guard let text else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        func date(_ value: OpaquePointer?) -> Date? {
            guard let value else { return nil }
            defer { g_date_time_unref(value) }
            return Date(timeIntervalSince1970: TimeInterval(g_date_time_to_unix(value)))
        }
        return CertificateInfo(subject: take(g_tls_certificate_get_subject_name(certificate)),
                               issuer: take(g_tls_certificate_get_issuer_name(certificate)),
                               validFrom: date(g_tls_certificate_get_not_valid_before(certificate)),
                               validUntil: date(g_tls_certificate_get_not_valid_after(certificate)),
                               errorFlags: flags.rawValue)
    }
}

extension SignalSignature {
    static let mouseTarget = SignalSignature([.pointer, .uint])
    static let contextMenu = SignalSignature(returns: .boolean, [.pointer, .pointer])
}

private let mouseTargetTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt32, UnsafeMutableRawPointer?) -> Void = { _, result, _, data in
    guard let result, let body = ClosureBox<HitTestHandler>.from(data) else { return }
    let hit = HitTest(result)
    MainActor.assumeIsolated { body(hit) }
}
