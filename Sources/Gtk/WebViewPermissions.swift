import CGtk
import CWebKit
import Foundation

/// What a page asks to use (WebKit's permission requests that Skiff prompts for).
public enum WebPermission: Sendable, Equatable {
    case notifications, location
    case media(audio: Bool, video: Bool)
    /// Anything else (pointer lock, device info, clipboard, …): left to WebKit, which denies it.
    case other
}

/// One pending request: kept (referenced) until it is allowed or denied.
@MainActor
public final class PermissionRequest: Object {
    public override class var gType: GType { webkit_permission_request_get_type() }
    private var request: OpaquePointer { OpaquePointer(raw) }
    private var decided = false

    public var kind: WebPermission {
        if skiff_is_a(raw, webkit_notification_permission_request_get_type()) != 0 { return .notifications }
        if skiff_is_a(raw, webkit_geolocation_permission_request_get_type()) != 0 { return .location }
        if skiff_is_a(raw, webkit_user_media_permission_request_get_type()) != 0 {
            let media = OpaquePointer(raw)
            return .media(audio: webkit_user_media_permission_is_for_audio_device(media) != 0,
                          video: webkit_user_media_permission_is_for_video_device(media) != 0)
        }
        return .other
    }

    public func allow() {
        guard !decided else { return }
        decided = true
        webkit_permission_request_allow(request)
    }

    public func deny() {
        guard !decided else { return }
        decided = true
        webkit_permission_request_deny(request)
    }
}

public typealias PermissionHandler = @MainActor (PermissionRequest) -> Bool

extension WebView {
    /// "permission-request": `body` returns true when it will answer the request (keeping it until
    /// then), false to leave it to WebKit (which denies it).
    @discardableResult
    public func onPermissionRequest(_ body: @escaping PermissionHandler) -> SignalHandlerID {
        onRequest("permission-request") { body(PermissionRequest(retaining: $0)) }
    }
}
