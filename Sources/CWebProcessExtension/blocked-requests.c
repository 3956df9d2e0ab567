// Counts the requests WebKit's content blocker stopped on each page and tells the page's web view
// (docs/content-blocking.md, "Blocked requests"). WebKitGTK tells the UI process nothing of a
// blocked load; the content blocker only writes a console message, which a web process extension
// sees (WebKitWebPage::console-message-sent). Counts are sent at most every 100 ms per page, so a
// page that tries a thousand trackers sends a few messages, not a thousand.
#include "skiff-web-extension.h"

#define BLOCKED_PREFIX "Content blocker prevented frame displaying "
#define SEND_INTERVAL_MS 100

typedef struct {
    WebKitWebPage *page; // not owned: the count goes with the page (g_object_set_data_full)
    guint pending;
    guint source;
} PageCount;

static void page_count_free(gpointer data) {
    PageCount *count = data;
    if (count->source) g_source_remove(count->source);
    g_free(count);
}

static gboolean send_count(gpointer data) {
    PageCount *count = data;
    count->source = 0;
    if (count->pending == 0) return G_SOURCE_REMOVE;
    const char *uri = webkit_web_page_get_uri(count->page);
    GVariant *parameters = g_variant_new("(su)", uri ? uri : "", count->pending);
    count->pending = 0;
    webkit_web_page_send_message_to_view(count->page, webkit_user_message_new(SKIFF_BLOCKED_MESSAGE, parameters), NULL, NULL, NULL);
    return G_SOURCE_REMOVE;
}

static void console_message_sent(WebKitWebPage *page, WebKitConsoleMessage *message, gpointer unused) {
    (void)unused;
    const char *text = webkit_console_message_get_text(message);
    if (!text || !g_str_has_prefix(text, BLOCKED_PREFIX)) return;
    PageCount *count = g_object_get_data(G_OBJECT(page), "skiff-blocked");
    if (!count) {
        count = g_new0(PageCount, 1);
        count->page = page;
        g_object_set_data_full(G_OBJECT(page), "skiff-blocked", count, page_count_free);
    }
    if (count->pending < G_MAXUINT) count->pending++;
    if (!count->source) count->source = g_timeout_add(SEND_INTERVAL_MS, send_count, count);
}

// Another page in the same WebKitWebPage: what the last one had not sent yet was its own, and the
// browser has started a new count.
static void uri_changed(WebKitWebPage *page, GParamSpec *spec, gpointer unused) {
    (void)spec;
    (void)unused;
    PageCount *count = g_object_get_data(G_OBJECT(page), "skiff-blocked");
    if (count) count->pending = 0;
}

static void page_created(WebKitWebProcessExtension *extension, WebKitWebPage *page, gpointer unused) {
    (void)extension;
    (void)unused;
    g_signal_connect(page, "console-message-sent", G_CALLBACK(console_message_sent), NULL);
    g_signal_connect(page, "notify::uri", G_CALLBACK(uri_changed), NULL);
}

G_MODULE_EXPORT void webkit_web_process_extension_initialize(WebKitWebProcessExtension *extension) {
    g_signal_connect(extension, "page-created", G_CALLBACK(page_created), NULL);
}
