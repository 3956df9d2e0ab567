/* Skiff's frame log for any GTK 3 or GTK 4 program, loaded with LD_PRELOAD by tools/bench/peers.py
 * and tools/bench/today-wheel.py.
 *
 * Every GdkFrameClock emits "before-paint" and "after-paint" around the frame's layout and drawing.
 * Emission hooks on those two signals see every clock in the process without knowing any widget, so
 * the same library measures Skiff, the floor window and GNOME Web (GTK 3) alike. Only GObject is
 * linked: GDK is looked up at load time, and a process without it (a web process that inherited
 * LD_PRELOAD) is left alone.
 *
 * Writes one line per painted frame to $SKIFF_FRAME_LOG:
 *   frame <monotonic ms> <ms since the previous frame ended> <ms from before-paint to after-paint>
 *
 * With SKIFF_FRAME_LOG_EXIT=1 the process ends right after its first painted frame, so that the work from
 * exec to the first frame can be counted whole, independent of the machine's load:
 *   SKIFF_FRAME_LOG=/dev/null SKIFF_FRAME_LOG_EXIT=1 LD_PRELOAD=frame-log.so perf stat -e instructions -- PROGRAM
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <glib-object.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static FILE *log_file;
static double last_end = -1, paint_start = -1;
static gboolean exit_after_first_frame;

static double monotonic_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static gboolean on_before_paint(GSignalInvocationHint *hint, guint n, const GValue *values, gpointer data) {
    paint_start = monotonic_ms();
    return TRUE;
}

static gboolean on_after_paint(GSignalInvocationHint *hint, guint n, const GValue *values, gpointer data) {
    double end = monotonic_ms();
    double since = last_end < 0 ? 0 : end - last_end;
    double work = paint_start < 0 ? 0 : end - paint_start;
    fprintf(log_file, "frame %.3f %.3f %.3f\n", end, since, work);
    fflush(log_file);
    last_end = end;
    if (exit_after_first_frame) _exit(0);
    return TRUE;
}

__attribute__((constructor)) static void start_logging(void) {
    GType (*clock_type)(void) = (GType (*)(void))dlsym(RTLD_DEFAULT, "gdk_frame_clock_get_type");
    const char *path = getenv("SKIFF_FRAME_LOG");
    if (clock_type == NULL || path == NULL) return;
    log_file = fopen(path, "a");
    if (log_file == NULL) return;
    exit_after_first_frame = g_strcmp0(getenv("SKIFF_FRAME_LOG_EXIT"), "1") == 0;
    GType type = clock_type();
    g_type_class_ref(type);
    g_signal_add_emission_hook(g_signal_lookup("before-paint", type), 0, on_before_paint, NULL, NULL);
    g_signal_add_emission_hook(g_signal_lookup("after-paint", type), 0, on_after_paint, NULL, NULL);
}
