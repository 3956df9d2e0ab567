// Skiff's web process extension (docs/content-blocking.md, "Blocked requests"): loaded by WebKit into
// every web process from the directory the app names; nothing in Skiff links it.
#ifndef SKIFF_WEB_EXTENSION_H
#define SKIFF_WEB_EXTENSION_H
#include <webkit/webkit-web-process-extension.h>

// The message the extension sends to the page's web view: ("uri of the page", blocked since the last one).
#define SKIFF_BLOCKED_MESSAGE "skiff-blocked-requests"

G_MODULE_EXPORT void webkit_web_process_extension_initialize(WebKitWebProcessExtension *extension);
#endif
