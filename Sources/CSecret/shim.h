// libsecret for Swift: the passwords of HTTP logins the user asked Skiff to remember, kept by the
// desktop's Secret Service (GNOME Keyring, KWallet…) over D-Bus (docs/browser.md, "Remembered logins").
#ifndef SKIFF_CSECRET_SHIM_H
#define SKIFF_CSECRET_SHIM_H

#include <libsecret/secret.h>

// One item per site and realm. Like GNOME Web's password schema (its own name, the site and the
// user name as attributes) with the realm added: one server can ask for several.
//   server    scheme://host:port, the protection space's origin
//   realm     the realm the site named (may be empty)
//   username  the user name the password is for
static inline const SecretSchema *skiff_secret_login_schema(void) {
    static const SecretSchema schema = {
        "io.github.skiff.Skiff.HttpLogin", SECRET_SCHEMA_NONE,
        {
            { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "realm", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "username", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        },
    };
    return &schema;
}

// One item per site and user name for a password typed into a page's form (docs/browser.md,
// "Passwords in forms"), as GNOME Web's form-password schema keeps them, less the form's field names:
//   origin    scheme://host[:port] of the page the form was on
//   username  what was typed in the field before the password (may be empty)
static inline const SecretSchema *skiff_secret_form_schema(void) {
    static const SecretSchema schema = {
        "io.github.skiff.Skiff.FormLogin", SECRET_SCHEMA_NONE,
        {
            { "origin", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "username", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        },
    };
    return &schema;
}

static inline GHashTable *skiff_secret_form_attributes(const char *origin, const char *username) {
    GHashTable *attributes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    if (origin) g_hash_table_insert(attributes, g_strdup("origin"), g_strdup(origin));
    if (username) g_hash_table_insert(attributes, g_strdup("username"), g_strdup(username));
    return attributes;
}

// The attributes to match or store: `username` NULL matches any user.
static inline GHashTable *skiff_secret_attributes(const char *server, const char *realm, const char *username) {
    GHashTable *attributes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    if (server) g_hash_table_insert(attributes, g_strdup("server"), g_strdup(server));
    if (realm) g_hash_table_insert(attributes, g_strdup("realm"), g_strdup(realm));
    if (username) g_hash_table_insert(attributes, g_strdup("username"), g_strdup(username));
    return attributes;
}

// GLib's shared session bus connection ends the process when the bus goes away (exit-on-close):
// losing the keyring must not end the browser.
static inline void skiff_secret_service_survive_bus_loss(SecretService *service) {
    g_dbus_connection_set_exit_on_close(g_dbus_proxy_get_connection(G_DBUS_PROXY(service)), FALSE);
}

// One attribute of an item a search found (NULL when it has none), newly allocated.
static inline char *skiff_secret_item_attribute(SecretItem *item, const char *key) {
    GHashTable *attributes = secret_item_get_attributes(item);
    if (!attributes) return NULL;
    char *value = g_strdup(g_hash_table_lookup(attributes, key));
    g_hash_table_unref(attributes);
    return value;
}

#endif
