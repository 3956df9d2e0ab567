// The theme's named colours (@define-color: theme_bg_color, borders…) for Skiff's custom drawing.
// GTK 4.8 answers with gtk_style_context_lookup_color; from 4.10 GtkStyleContext is deprecated and
// there is no lookup, so a probe label that is never shown is styled `color: @name` and its colour
// read back (docs/binding.md, "Theme colours").
#ifndef SKIFF_CGTK_THEME_COLORS_H
#define SKIFF_CGTK_THEME_COLORS_H
#include <gtk/gtk.h>

#if GTK_CHECK_VERSION(4, 10, 0)
// Every name Skiff asks for; a name outside it is "not defined".
static const char *const skiff_theme_color_names[] = {
    "theme_bg_color", "theme_base_color", "theme_text_color", "theme_fg_color", "theme_selected_bg_color", "borders",
};

// The probe label of `display`, made (with its style sheet) on first use and kept with the display.
static inline GtkWidget *skiff_theme_probe(GdkDisplay *display) {
    GtkWidget *probe = g_object_get_data(G_OBJECT(display), "skiff-theme-probe");
    if (probe != NULL) return probe;
    GString *css = g_string_new(NULL);
    for (guint i = 0; i < G_N_ELEMENTS(skiff_theme_color_names); i++)
        g_string_append_printf(css, "label.skiff-theme-%s { color: @%s; }\n", skiff_theme_color_names[i], skiff_theme_color_names[i]);
    GtkCssProvider *provider = gtk_css_provider_new();
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(provider, css->str);
#else
    gtk_css_provider_load_from_data(provider, css->str, -1);
#endif
    g_string_free(css, TRUE);
    // Below the theme's own priority: the rules only name the theme's colours, they override nothing.
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider), GTK_STYLE_PROVIDER_PRIORITY_FALLBACK);
    g_object_unref(provider);
    probe = g_object_ref_sink(gtk_label_new(NULL));
    g_object_set_data_full(G_OBJECT(display), "skiff-theme-probe", probe, g_object_unref);
    return probe;
}

static inline gboolean skiff_theme_lookup_color(GtkWidget *widget, const char *name, GdkRGBA *color) {
    gboolean known = FALSE;
    for (guint i = 0; i < G_N_ELEMENTS(skiff_theme_color_names); i++) known = known || g_str_equal(name, skiff_theme_color_names[i]);
    if (!known) return FALSE;
    GtkWidget *probe = skiff_theme_probe(gtk_widget_get_display(widget));
    char *class_name = g_strconcat("skiff-theme-", name, NULL);
    // Emptied first, so the style is computed anew from the theme as it is now (a light/dark switch
    // since the last lookup), even when the same name is asked twice.
    gtk_widget_set_css_classes(probe, (const char *[]){ NULL });
    gtk_widget_set_css_classes(probe, (const char *[]){ class_name, NULL });
    g_free(class_name);
    gtk_widget_get_color(probe, color);
    return TRUE;
}
#else
static inline gboolean skiff_theme_lookup_color(GtkWidget *widget, const char *name, GdkRGBA *color) {
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    return context != NULL && gtk_style_context_lookup_color(context, name, color);
}
#endif
#endif
