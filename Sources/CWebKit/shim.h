// WebKitGTK 6.0 for Swift. Macros and variadics are wrapped here and nowhere else.
#ifndef SKIFF_CWEBKIT_SHIM_H
#define SKIFF_CWEBKIT_SHIM_H

#include <webkit/webkit.h>

static inline WebKitWebView * _Nonnull skiff_web_view_new_with_network_session(WebKitNetworkSession *session) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, NULL));
}

/// A view sharing `related`'s web process, network session and settings: a page it opened, so
/// `window.opener` works.
static inline WebKitWebView * _Nonnull skiff_web_view_new_related(WebKitWebView *related) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, NULL));
}

#endif
