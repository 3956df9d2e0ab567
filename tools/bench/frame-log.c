/* Per-frame timings of any GTK 4 process, loaded with LD_PRELOAD: one line per painted frame of
 * its GdkFrameClock to $FRAME_LOG, so Skiff and the floor program are timed by the same code.
 *   FRAME t_ms=<monotonic ms at after-paint> interval_ms=<since the previous frame> work_ms=<before-paint → after-paint>
 * Built by `make bench`: gcc -O2 -shared -fPIC -o frame-log.so frame-log.c $(pkg-config --cflags --libs gtk4) */
#include <gtk/gtk.h>
#include <stdio.h>

static FILE *log_file;
static gint64 before_us = -1, previous_us = -1;

static gboolean before_paint(GSignalInvocationHint *hint, guint n, const GValue *values, gpointer unused) {
  before_us = g_get_monotonic_time();
  return TRUE;
}

static gboolean after_paint(GSignalInvocationHint *hint, guint n, const GValue *values, gpointer unused) {
  gint64 now = g_get_monotonic_time();
  fprintf(log_file, "FRAME t_ms=%.2f interval_ms=%.2f work_ms=%.2f\n", now / 1000.0,
          previous_us < 0 ? 0.0 : (now - previous_us) / 1000.0, before_us < 0 ? 0.0 : (now - before_us) / 1000.0);
  fflush(log_file);
  previous_us = now;
  return TRUE;
}

__attribute__((constructor)) static void start_logging(void) {
  const char *path = g_getenv("FRAME_LOG");
  if (!path || !(log_file = fopen(path, "a"))) return;
  GType clock = GDK_TYPE_FRAME_CLOCK;
  g_type_class_ref(clock);
  g_signal_add_emission_hook(g_signal_lookup("before-paint", clock), 0, before_paint, NULL, NULL);
  g_signal_add_emission_hook(g_signal_lookup("after-paint", clock), 0, after_paint, NULL, NULL);
}
