/* The floor for `skiff-bench download --floor`: a bare WebKitGTK 6 download in a plain window, with
 * no handler but the one that sets where the file goes (WebKit asks for one), so what it takes is
 * WebKit's own. Usage: download-floor URL FILE. Prints "floor: N MB in S s = R MB/s", timed from the
 * download's start to WebKit's "finished" (the file whole under its name).
 * Build: gcc -O2 -o download-floor download-floor.c $(pkg-config --cflags --libs webkitgtk-6.0) */
#include <stdio.h>
#include <webkit/webkit.h>

static gint64 started;
static const char *destination;
static GMainLoop *loop;
static int status = 1;

static gboolean decide_destination(WebKitDownload *download, const char *suggested, gpointer data)
{
    webkit_download_set_destination(download, destination);
    return TRUE;
}

static void failed(WebKitDownload *download, GError *error, gpointer data)
{
    fprintf(stderr, "download-floor: %s\n", error->message);
}

static void finished(WebKitDownload *download, gpointer data)
{
    double seconds = (g_get_monotonic_time() - started) / 1e6;
    double megabytes = webkit_download_get_received_data_length(download) / 1048576.0;
    if (g_file_test(destination, G_FILE_TEST_EXISTS)) {
        printf("floor: %.0f MB in %.2f s = %.0f MB/s\n", megabytes, seconds, megabytes / seconds);
        status = 0;
    }
    g_main_loop_quit(loop);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: download-floor URL FILE\n");
        return 2;
    }
    gtk_init();
    destination = argv[2];
    loop = g_main_loop_new(NULL, FALSE);
    GtkWidget *window = gtk_window_new();
    GtkWidget *view = webkit_web_view_new();
    gtk_window_set_child(GTK_WINDOW(window), view);
    gtk_window_present(GTK_WINDOW(window));
    started = g_get_monotonic_time();
    WebKitDownload *download = webkit_web_view_download_uri(WEBKIT_WEB_VIEW(view), argv[1]);
    g_signal_connect(download, "decide-destination", G_CALLBACK(decide_destination), NULL);
    g_signal_connect(download, "failed", G_CALLBACK(failed), NULL);
    g_signal_connect(download, "finished", G_CALLBACK(finished), NULL);
    g_main_loop_run(loop);
    return status;
}
