/* The floor of Skiff's stack, for tools/bench/peers.py: a GTK 4 window whose only child is one
 * WebKitGTK 6.0 view. Whatever this costs, any GTK 4 browser pays before drawing a control of its own.
 * Usage: floor-webkit URL. The window title follows the page's, so a driver can wait for the page. */
#include <webkit/webkit.h>

static void title_changed(WebKitWebView *view, GParamSpec *spec, gpointer window) {
    const char *title = webkit_web_view_get_title(view);
    gtk_window_set_title(GTK_WINDOW(window), title != NULL ? title : "");
}

static void activate(GtkApplication *app, gpointer uri) {
    GtkWidget *window = gtk_application_window_new(app);
    GtkWidget *view = webkit_web_view_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    gtk_window_set_child(GTK_WINDOW(window), view);
    g_signal_connect(view, "notify::title", G_CALLBACK(title_changed), window);
    webkit_web_view_load_uri(WEBKIT_WEB_VIEW(view), uri);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("io.github.skiff.PerfFloor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), argc > 1 ? argv[1] : "about:blank");
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
