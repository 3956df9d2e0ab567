/* The floor for `skiff-bench download --floor`: a bare WebKitGTK 6 download in a plain window, with
 * no handler but the one that sets where the file goes (WebKit asks for one), so what it takes is
 * WebKit's own. Usage: download-floor URL FILE [PAGE]. Prints "floor: N MB in S s = R MB/s", timed from the
 * download's start to WebKit's "finished" (the file whole under its name).
 * With PAGE (the bench's long page), the window shows it and scrolls it every frame for 4 s before the
 * download and for the first 4 s of it, as the bench scrolls Skiff's, and prints the window's frame work
 * (before-paint -> after-paint of its frame clock) for both: "floor frames: idle p50 A p95 B ms; while
 * downloading p50 C p95 D ms; p95 ratio R".
 * Build: gcc -O2 -o download-floor download-floor.c $(pkg-config --cflags --libs webkitgtk-6.0) -lm */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <webkit/webkit.h>

#define SCROLL_SECONDS 4.0
#define MAX_FRAMES 4096

static gint64 started;
static const char *url;
static const char *destination;
static GMainLoop *loop;
static int status = 1;
static WebKitWebView *view;

/* Frame work of one phase: 0 idle scrolling, 1 scrolling while downloading. */
static double work[2][MAX_FRAMES];
static int frames[2];
static int phase = -1;
static gint64 phase_start, paint_start;

static gboolean decide_destination(WebKitDownload *download, const char *suggested, gpointer data)
{
    webkit_download_set_destination(download, destination);
    return TRUE;
}

static void failed(WebKitDownload *download, GError *error, gpointer data)
{
    fprintf(stderr, "download-floor: %s\n", error->message);
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(int which, int p)
{
    if (frames[which] == 0) return 0;
    qsort(work[which], frames[which], sizeof(double), compare);
    int index = frames[which] * p / 100;
    return work[which][index < frames[which] ? index : frames[which] - 1];
}

static void finished(WebKitDownload *download, gpointer data)
{
    double seconds = (g_get_monotonic_time() - started) / 1e6;
    double megabytes = webkit_download_get_received_data_length(download) / 1048576.0;
    if (frames[0] > 0) {
        double idle95 = percentile(0, 95), busy95 = percentile(1, 95);
        printf("floor frames: idle p50 %.2f p95 %.2f ms (%d frames); while downloading p50 %.2f p95 %.2f ms (%d frames); p95 ratio %.2f\n",
               percentile(0, 50), idle95, frames[0], percentile(1, 50), busy95, frames[1], idle95 > 0 ? busy95 / idle95 : 0);
    }
    if (g_file_test(destination, G_FILE_TEST_EXISTS)) {
        printf("floor: %.0f MB in %.2f s = %.0f MB/s\n", megabytes, seconds, megabytes / seconds);
        status = 0;
    }
    g_main_loop_quit(loop);
}

static void start_download(void)
{
    started = g_get_monotonic_time();
    WebKitDownload *download = webkit_web_view_download_uri(view, url);
    g_signal_connect(download, "decide-destination", G_CALLBACK(decide_destination), NULL);
    g_signal_connect(download, "failed", G_CALLBACK(failed), NULL);
    g_signal_connect(download, "finished", G_CALLBACK(finished), NULL);
}

static void before_paint(GdkFrameClock *clock, gpointer data) { paint_start = g_get_monotonic_time(); }

static void after_paint(GdkFrameClock *clock, gpointer data)
{
    if (phase < 0 || phase > 1 || paint_start == 0 || frames[phase] >= MAX_FRAMES) return;
    work[phase][frames[phase]++] = (g_get_monotonic_time() - paint_start) / 1000.0;
}

/* Every frame: the page's own scrolling, as the bench's (a sine over 8,000 px). */
static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    double t = (g_get_monotonic_time() - phase_start) / 1e6;
    if (t >= SCROLL_SECONDS) {
        phase += 1;
        phase_start = g_get_monotonic_time();
        if (phase == 1) start_download();
        if (phase > 1) return G_SOURCE_REMOVE;
    }
    char script[96];
    snprintf(script, sizeof script, "document.scrollingElement.scrollTop = %d; 0", (int)((sin(t * 1.5) * 0.5 + 0.5) * 8000));
    webkit_web_view_evaluate_javascript(view, script, -1, NULL, NULL, NULL, NULL, NULL);
    return G_SOURCE_CONTINUE;
}

static void load_changed(WebKitWebView *web_view, WebKitLoadEvent event, gpointer data)
{
    if (event != WEBKIT_LOAD_FINISHED || phase >= 0) return;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(web_view));
    g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), NULL);
    phase = 0;
    phase_start = g_get_monotonic_time();
    gtk_widget_add_tick_callback(GTK_WIDGET(web_view), tick, NULL, NULL);
}

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: download-floor URL FILE [PAGE]\n");
        return 2;
    }
    gtk_init();
    url = argv[1];
    destination = argv[2];
    loop = g_main_loop_new(NULL, FALSE);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 1100, 760);
    view = WEBKIT_WEB_VIEW(webkit_web_view_new());
    gtk_window_set_child(GTK_WINDOW(window), GTK_WIDGET(view));
    gtk_window_present(GTK_WINDOW(window));
    if (argc == 4) {
        g_signal_connect(view, "load-changed", G_CALLBACK(load_changed), NULL);
        webkit_web_view_load_uri(view, argv[3]);
    } else {
        start_download();
    }
    g_main_loop_run(loop);
    return status;
}
