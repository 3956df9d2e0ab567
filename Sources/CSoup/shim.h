// libsoup 3 for Swift (HTTP for Home's history and Today's feeds). WebKitGTK already brings it.
#ifndef SKIFF_CSOUP_SHIM_H
#define SKIFF_CSOUP_SHIM_H

#include <libsoup/soup.h>
#include <string.h>

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
// The peer did not answer the handshake as TLS: a plain-HTTP server behind an https:// address.
// GnuTLS reports its "400 Bad Request" in plain HTTP as an unexpected packet (G_TLS_ERROR_MISC),
// the other TLS libraries as NOT_TLS; certificate problems are told apart before this is asked.
static inline gboolean skiff_error_is_not_tls(const GError *error) {
    return error != NULL && (g_error_matches(error, G_TLS_ERROR, G_TLS_ERROR_NOT_TLS)
                             || g_error_matches(error, G_TLS_ERROR, G_TLS_ERROR_MISC));
}
static inline gboolean skiff_error_is_tls(const GError *error) {
    return error != NULL && error->domain == G_TLS_ERROR;
}

// How far inside an address is (docs/feeds.md, "Redirects"): 0 the internet, 1 a local network
// (RFC 1918, IPv6 unique-local fc00::/7, link-local, shared 100.64/10), 2 this computer (loopback,
// and the unspecified address, which Linux connects to this computer). -1 when unknown. An IPv4
// address written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 one.
static inline int skiff_inet_address_reach(GInetAddress *address) {
    if (address == NULL) return -1;
    if (g_inet_address_get_family(address) == G_SOCKET_FAMILY_IPV6) {
        const guint8 *b = g_inet_address_to_bytes(address);
        static const guint8 mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(b, mapped, 12) == 0) {
            GInetAddress *v4 = g_inet_address_new_from_bytes(b + 12, G_SOCKET_FAMILY_IPV4);
            int reach = skiff_inet_address_reach(v4);
            g_object_unref(v4);
            return reach;
        }
        if ((b[0] & 0xfe) == 0xfc) return 1;
    } else {
        const guint8 *b = g_inet_address_to_bytes(address);
        if (b[0] == 100 && (b[1] & 0xc0) == 64) return 1;
        if (b[0] == 127) return 2;
    }
    if (g_inet_address_get_is_loopback(address) || g_inet_address_get_is_any(address)) return 2;
    if (g_inet_address_get_is_site_local(address) || g_inet_address_get_is_link_local(address)) return 1;
    return 0;
}

static inline int skiff_socket_address_reach(GSocketAddress *address) {
    if (address == NULL || !G_IS_INET_SOCKET_ADDRESS(address)) return -1;
    return skiff_inet_address_reach(g_inet_socket_address_get_address(G_INET_SOCKET_ADDRESS(address)));
}

// The reach of the address a message's answer came from (after it was sent).
static inline int skiff_message_remote_reach(SoupMessage *message) {
    return skiff_socket_address_reach(soup_message_get_remote_address(message));
}

// A connection a message opens to an address further inside than `limit` is refused as soon as it
// is connected, before the request is written: the transfer's `cancellable` is cancelled and the
// reach found is kept on the message ("skiff-refused-reach", reach + 1), for the caller to tell.
static void skiff_message_reach_event(SoupMessage *message, GSocketClientEvent event, GIOStream *connection, gpointer cancellable) {
    if (event != G_SOCKET_CLIENT_CONNECTED || !G_IS_SOCKET_CONNECTION(connection)) return;
    int limit = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(message), "skiff-reach-limit")) - 1;
    if (limit < 0) return;
    GSocketAddress *remote = g_socket_connection_get_remote_address(G_SOCKET_CONNECTION(connection), NULL);
    int reach = skiff_socket_address_reach(remote);
    if (remote != NULL) g_object_unref(remote);
    if (reach > limit) {
        g_object_set_data(G_OBJECT(message), "skiff-refused-reach", GINT_TO_POINTER(reach + 1));
        g_cancellable_cancel(G_CANCELLABLE(cancellable));
    }
}

static inline void skiff_message_limit_reach(SoupMessage *message, int limit, GCancellable *cancellable) {
    g_object_set_data(G_OBJECT(message), "skiff-reach-limit", GINT_TO_POINTER(limit + 1));
    g_signal_connect_data(message, "network-event", G_CALLBACK(skiff_message_reach_event), g_object_ref(cancellable),
                          (GClosureNotify)(void (*)(void)) g_object_unref, 0);
}

// The reach a connection was refused for, or -1.
static inline int skiff_message_refused_reach(SoupMessage *message) {
    return GPOINTER_TO_INT(g_object_get_data(G_OBJECT(message), "skiff-refused-reach")) - 1;
}

#endif
