// libsoup 3 for Swift (HTTP for Home's history and Today's feeds). WebKitGTK already brings it.
#ifndef SKIFF_CSOUP_SHIM_H
#define SKIFF_CSOUP_SHIM_H

#include <libsoup/soup.h>

// G_IO_ERROR is a macro around a function call.
static inline gboolean skiff_error_is_cancelled(const GError *error) {
    return error != NULL && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}
static inline gboolean skiff_error_is_timed_out(const GError *error) {
    return error != NULL && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}

// soup_session_new_with_options is variadic; Swift can't call it. The connection limits are
// construct-only properties.
static inline SoupSession *skiff_soup_session_new_with_limits(guint per_host, guint total) {
    return soup_session_new_with_options("max-conns-per-host", per_host, "max-conns", total, NULL);
}

// The certificate's problems as plain bits: the GTlsCertificateFlags type reached through this module
// as well as CGtk hides its constants from Swift in whole-module (release) builds.
static inline guint skiff_message_tls_errors(SoupMessage *message) {
    return (guint) soup_message_get_tls_peer_certificate_errors(message);
}

// G_TLS_ERROR likewise: a handshake that failed (certificate refused, protocol error).
static inline gboolean skiff_error_is_tls(const GError *error) {
    return error != NULL && error->domain == G_TLS_ERROR;
}

#endif
