// WebKitGTK 6.0 for Swift. Macros and variadics are wrapped here and nowhere else.
#ifndef SKIFF_CWEBKIT_SHIM_H
#define SKIFF_CWEBKIT_SHIM_H

#include <webkit/webkit.h>

static inline WebKitWebView * _Nonnull skiff_web_view_new_with_network_session(WebKitNetworkSession *session) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, NULL));
}

/// A web context whose web processes are held to `limit_mb`: checked every `poll_seconds`, and
/// ended when they pass the limit (kill threshold 1.0) instead of growing without bound.
static inline WebKitWebContext * _Nonnull skiff_web_context_new_with_memory_limit(guint limit_mb, gdouble poll_seconds) {
    WebKitMemoryPressureSettings *settings = webkit_memory_pressure_settings_new();
    webkit_memory_pressure_settings_set_memory_limit(settings, limit_mb);
    webkit_memory_pressure_settings_set_kill_threshold(settings, 1.0);
    webkit_memory_pressure_settings_set_poll_interval(settings, poll_seconds);
    WebKitWebContext *context = WEBKIT_WEB_CONTEXT(g_object_new(WEBKIT_TYPE_WEB_CONTEXT, "memory-pressure-settings", settings, NULL));
    webkit_memory_pressure_settings_free(settings);
    return context;
}

static inline WebKitWebView * _Nonnull skiff_web_view_new_in_context(WebKitWebContext *context, WebKitNetworkSession *session) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "web-context", context, "network-session", session, NULL));
}

/// A view sharing `related`'s web process, network session and settings: a page it opened, so
/// `window.opener` works.
static inline WebKitWebView * _Nonnull skiff_web_view_new_related(WebKitWebView *related) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, NULL));
}

/// A dictionary of strings (`a{sv}`, each value a string) for
/// `webkit_web_view_call_async_javascript_function`: the function's arguments are passed as values,
/// never written into its source, so what a page or a user typed cannot become script.
static inline GVariant * _Nonnull skiff_string_arguments(const char * const *keys, const char * const *values, int count) {
    GVariantBuilder builder;
    g_variant_builder_init(&builder, G_VARIANT_TYPE("a{sv}"));
    for (int i = 0; i < count; i++) g_variant_builder_add(&builder, "{sv}", keys[i], g_variant_new_string(values[i]));
    return g_variant_builder_end(&builder);
}

/// The type of the blocked-requests message's parameters: (page address, count).
static inline const GVariantType * _Nonnull skiff_variant_type_su(void) { return G_VARIANT_TYPE("(su)"); }

#endif
