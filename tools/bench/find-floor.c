/* The engine's floor for find in page and zoom (skiff-bench find / zoom --floor): a GTK 4 window holding one
 * WebKitGTK 6.0 view and nothing of Skiff, which loads the page the bench wrote and asks WebKit directly.
 *
 *   find-floor find FILE WORD RUNS   for each prefix of WORD ("q", "qu", …), as typed: the time from the call to
 *                                    WebKit's answer, for webkit_find_controller_search with max_match_count 1000
 *                                    (highlights up to 1000 matches), max 1, and count_matches alone (max 1000).
 *   find-floor zoom FILE STEPS       webkit_web_view_set_zoom_level through GNOME Web's steps from 100 %, 2 s each:
 *                                    the page's requestAnimationFrame intervals (the page logs them in skiffGaps).
 *
 * Prints one line per figure, "floor: …", which the bench copies into its report. Times are CLOCK_MONOTONIC. */
#include <webkit/webkit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    WebKitWebView *view;
    GMainLoop *loop;
    gint64 sent;
    double answer_ms;
    guint answer_count;
    gboolean answered;
} Floor;

static Floor state;

static void answered(guint count) {
    if (state.answered) return;
    state.answered = TRUE;
    state.answer_ms = (g_get_monotonic_time() - state.sent) / 1000.0;
    state.answer_count = count;
    g_main_loop_quit(state.loop);
}
static void found(WebKitFindController *c, guint count, gpointer d) { answered(count); }
static void not_found(WebKitFindController *c, gpointer d) { answered(0); }
static void counted(WebKitFindController *c, guint count, gpointer d) { answered(count); }

static gboolean quit_loop(gpointer loop) { g_main_loop_quit(loop); return G_SOURCE_REMOVE; }
static void pause_ms(guint ms) {
    g_timeout_add(ms, quit_loop, state.loop);
    g_main_loop_run(state.loop);
}
/* Waits for the answer to what was just sent (at most 10 s). */
static double wait_answer(void) {
    guint timeout = g_timeout_add(10000, quit_loop, state.loop);
    g_main_loop_run(state.loop);
    if (state.answered) g_source_remove(timeout);
    return state.answered ? state.answer_ms : -1;
}

static void script_done(GObject *o, GAsyncResult *r, gpointer d) {
    JSCValue *v = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(o), r, NULL);
    if (d != NULL) *(char **)d = v != NULL ? jsc_value_to_string(v) : g_strdup("");
    if (v != NULL) g_object_unref(v);
    g_main_loop_quit(state.loop);
}
static char *run_script(const char *script) {
    char *out = NULL;
    webkit_web_view_evaluate_javascript(state.view, script, -1, NULL, NULL, NULL, script_done, &out);
    g_main_loop_run(state.loop);
    return out;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double percentile(double *v, int n, double p) {
    if (n == 0) return 0;
    qsort(v, n, sizeof *v, compare);
    int i = (int)(p * (n - 1) + 0.5);
    return v[i];
}

enum { SEARCH_1000, SEARCH_1, SEARCH_10, COUNT_1000, COUNT_10, SEARCH_1_AFTER_1000, SEARCH_1_AFTER_COLLAPSED_1000, MODES };
static const char *mode_names[MODES] = {
    "webkit_find_controller_search, max 1000 (highlights up to 1000)",
    "webkit_find_controller_search, max 1",
    "webkit_find_controller_search, max 10",
    "webkit_find_controller_count_matches, max 1000",
    "webkit_find_controller_count_matches, max 10",
    "webkit_find_controller_search, max 1, 150 ms after the answer to a search with max 1000 of the prefix before",
    "the same, the selection collapsed to its start before the search with max 1000",
};
static const guint mode_max[MODES] = { 1000, 1, 10, 1000, 10, 1, 1 };

static void find_floor(const char *word, int runs) {
    WebKitFindController *finder = webkit_web_view_get_find_controller(state.view);
    g_signal_connect(finder, "found-text", G_CALLBACK(found), NULL);
    g_signal_connect(finder, "failed-to-find-text", G_CALLBACK(not_found), NULL);
    g_signal_connect(finder, "counted-matches", G_CALLBACK(counted), NULL);
    guint options = WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE | WEBKIT_FIND_OPTIONS_WRAP_AROUND;
    int letters = (int)strlen(word);
    for (int mode = 0; mode < MODES; mode++) {
        double *all = g_new0(double, runs * letters);
        double *by_length = g_new0(double, runs * letters);
        int n = 0, missed = 0;
        /* Runs interleave with nothing else: each starts from the top of the page with no selection. */
        for (int run = 0; run < runs; run++) {
            webkit_find_controller_search_finish(finder);
            g_free(run_script("getSelection().removeAllRanges();scrollTo(0,0);''"));
            pause_ms(500);
            for (int length = 1; length <= letters; length++) {
                char *prefix = g_strndup(word, length);
                if ((mode == SEARCH_1_AFTER_1000 || mode == SEARCH_1_AFTER_COLLAPSED_1000) && length > 1) {
                    char *before = g_strndup(word, length - 1);
                    if (mode == SEARCH_1_AFTER_COLLAPSED_1000)
                        g_free(run_script("getSelection().rangeCount && getSelection().collapseToStart(); ''"));
                    state.answered = FALSE;
                    webkit_find_controller_search(finder, before, options, 1000);
                    wait_answer();
                    g_free(before);
                    pause_ms(150);
                }
                state.answered = FALSE;
                state.sent = g_get_monotonic_time();
                if (mode == COUNT_1000 || mode == COUNT_10) webkit_find_controller_count_matches(finder, prefix, options, mode_max[mode]);
                else webkit_find_controller_search(finder, prefix, options, mode_max[mode]);
                double ms = wait_answer();
                if (ms >= 0) all[n++] = ms;
                if (ms >= 0 && state.answer_count == 0) missed++;
                by_length[run * letters + length - 1] = ms;
                g_free(prefix);
                pause_ms(150);
            }
        }
        double p50 = percentile(all, n, 0.5), p95 = percentile(all, n, 0.95), max = n ? all[n - 1] : 0.0;
        printf("floor: %s: call → answer p50 %.1f ms, p95 %.1f ms, max %.1f ms (%d of %d answered, %d of them \"not found\")\n",
               mode_names[mode], p50, p95, max, n, runs * letters, missed);
        printf("floor:   by letters typed (run 1, ms):");
        for (int length = 1; length <= letters; length++) printf(" %d: %.0f", length, by_length[length - 1]);
        printf("\n");
        g_free(all);
        g_free(by_length);
    }
    webkit_find_controller_search_finish(finder);
}

static const double zoom_steps[] = { 1.10, 1.20, 1.33, 1.50, 1.70, 2.00, 2.40, 3.00 };

static void zoom_floor(int steps) {
    GString *all = g_string_new("");
    /* Step 0: 2 s with no zoom, what the page's frames are when nothing changes. */
    for (int step = -1; step < steps && step < 8; step++) {
        g_free(run_script("skiffGaps.length=0;''"));
        if (step >= 0) webkit_web_view_set_zoom_level(state.view, zoom_steps[step]);
        pause_ms(2000);
        char *gaps = run_script("skiffGaps.join(',')");
        double max = 0;
        int count = 0, over = 0;
        for (char *p = gaps; p != NULL && *p != '\0';) {
            double gap = g_ascii_strtod(p, &p);
            count++;
            if (gap > max) max = gap;
            if (gap > 50) over++;
            if (*p == ',') p++; else break;
        }
        if (step < 0) {
            printf("floor: no zoom, 2 s: page frames %d, interval max %.0f ms, over 50 ms %d\n", count, max, over);
        } else {
            if (all->len) g_string_append_c(all, ',');
            g_string_append(all, gaps);
            printf("floor: step %d (zoom → %.0f %%): page frames %d, interval max %.0f ms, over 50 ms %d\n",
                   step + 1, zoom_steps[step] * 100, count, max, over);
        }
        g_free(gaps);
    }
    g_string_free(all, TRUE);
}

typedef struct { const char *what, *file, *word; int count; } Args;

static void load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer d) {
    if (event == WEBKIT_LOAD_FINISHED) g_main_loop_quit(state.loop);
}

static void activate(GtkApplication *app, gpointer data) {
    Args *args = data;
    GtkWidget *window = gtk_application_window_new(app);
    state.view = WEBKIT_WEB_VIEW(webkit_web_view_new());
    gtk_window_set_default_size(GTK_WINDOW(window), 1100, 760);
    gtk_window_set_child(GTK_WINDOW(window), GTK_WIDGET(state.view));
    gtk_window_present(GTK_WINDOW(window));
    g_application_hold(G_APPLICATION(app));
    state.loop = g_main_loop_new(NULL, FALSE);
    g_signal_connect(state.view, "load-changed", G_CALLBACK(load_changed), NULL);
    char *uri = g_filename_to_uri(args->file, NULL, NULL);
    gint64 start = g_get_monotonic_time();
    webkit_web_view_load_uri(state.view, uri);
    g_main_loop_run(state.loop);
    printf("floor: page loaded in %.1f s\n", (g_get_monotonic_time() - start) / 1e6);
    pause_ms(args->what[0] == 'z' ? 2000 : 1000);
    if (args->what[0] == 'z') zoom_floor(args->count);
    else find_floor(args->word, args->count);
    fflush(stdout);
    g_free(uri);
    g_application_release(G_APPLICATION(app));
    gtk_window_destroy(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    Args args = { 0 };
    if (argc == 5 && strcmp(argv[1], "find") == 0) args = (Args){ "find", argv[2], argv[3], atoi(argv[4]) };
    else if (argc == 4 && strcmp(argv[1], "zoom") == 0) args = (Args){ "zoom", argv[2], NULL, atoi(argv[3]) };
    else {
        fprintf(stderr, "usage: find-floor find FILE WORD RUNS | find-floor zoom FILE STEPS\n");
        return 2;
    }
    GtkApplication *app = gtk_application_new("io.github.skiff.FindFloor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), &args);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
