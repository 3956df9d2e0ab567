// The only place GTK/GLib C macros and variadic functions are wrapped for Swift.
#ifndef SKIFF_CGTK_SHIM_H
#define SKIFF_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <glib-object.h>
#include <malloc.h>
#include "shim_home.h"

// libdispatch's hooks for driving the main queue from a foreign run loop (what CoreFoundation uses).
// The handle is an eventfd on Linux; the callback drains whatever is queued on the main queue.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline GType skiff_object_type(gpointer obj) { return G_OBJECT_TYPE(obj); }
static inline const char *skiff_object_type_name(gpointer obj) { return G_OBJECT_TYPE_NAME(obj); }
static inline gboolean skiff_is_a(gpointer obj, GType type) {
    return obj != NULL && G_TYPE_CHECK_INSTANCE_TYPE(obj, type);
}
static inline gboolean skiff_is_floating(gpointer obj) { return g_object_is_floating(obj); }

static inline GtkWidgetClass *skiff_widget_class(gpointer klass) { return GTK_WIDGET_CLASS(klass); }
static inline GObjectClass *skiff_object_class(gpointer klass) { return G_OBJECT_CLASS(klass); }

// Emit a signal that takes no arguments and returns nothing (g_signal_emit_by_name is variadic).
static inline void skiff_signal_emit_void(gpointer obj, const char *name) { g_signal_emit_by_name(obj, name); }

// Every row of a GtkListBox removed: gtk_list_box_remove_all is GTK 4.12's; Debian 12 has 4.8.
static inline void skiff_list_box_remove_all(GtkListBox *box) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_list_box_remove_all(box);
#else
    GtkListBoxRow *row;
    while ((row = gtk_list_box_get_row_at_index(box, 0)) != NULL) gtk_list_box_remove(box, GTK_WIDGET(row));
#endif
}

// Set a single string / boolean / int property (g_object_set is variadic).
static inline void skiff_set_string(gpointer obj, const char *name, const char *value) { g_object_set(obj, name, value, NULL); }
static inline void skiff_set_bool(gpointer obj, const char *name, gboolean value) { g_object_set(obj, name, value, NULL); }
static inline void skiff_set_int(gpointer obj, const char *name, gint value) { g_object_set(obj, name, value, NULL); }
static inline gboolean skiff_get_bool(gpointer obj, const char *name) { gboolean v = FALSE; g_object_get(obj, name, &v, NULL); return v; }

// GtkSettings' enable-animations as a plain call.
static inline gboolean skiff_animations_enabled(void) {
    GtkSettings *s = gtk_settings_get_default();
    if (s == NULL) return FALSE;
    return skiff_get_bool(s, "gtk-enable-animations");
}

static inline GApplicationFlags skiff_app_flags_handles_open(void) { return G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE; }

// Custom widgets need their accessible role at construction (a construct-only property in GTK 4.8).
static inline GtkWidget * _Nonnull skiff_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

// GtkAccessible's update functions are variadic: one property or relation at a time.
static inline void skiff_accessible_set_label(GtkWidget *w, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void skiff_accessible_set_description(GtkWidget *w, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
static inline void skiff_accessible_set_value_now(GtkWidget *w, double v) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, v, -1);
}

// GTK's own check of an accessible property (gtk_test_accessible_check_property is variadic):
// TRUE when the accessible's label is exactly `label`.
static inline gboolean skiff_accessible_label_is(GtkWidget *w, const char *label) {
    char *diff = gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    gboolean same = diff == NULL;
    g_free(diff);
    return same;
}

static inline gboolean skiff_accessible_description_is(GtkWidget *w, const char *text) {
    char *diff = gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
    gboolean same = diff == NULL;
    g_free(diff);
    return same;
}

// GVariant type constants are macros over casts.
static inline const GVariantType *skiff_variant_type_variant(void) { return G_VARIANT_TYPE_VARIANT; }
static inline const GVariantType *skiff_variant_type_uint32(void) { return G_VARIANT_TYPE_UINT32; }

// glibc's allocator thresholds (M_MMAP_THRESHOLD, M_TRIM_THRESHOLD are macros).
static inline void skiff_malloc_keep_frame_buffers(int mmap_threshold, int trim_threshold) {
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
}

static inline GtkShortcutTrigger *skiff_trigger_parse(const char *s) { return gtk_shortcut_trigger_parse_string(s); }

// org.freedesktop.FileManager1.ShowItems's parameters, (as s), for one file URI (g_variant_new is variadic).
static inline GVariant *skiff_show_items_parameters(const char *uri) {
    const char *uris[] = { uri, NULL };
    return g_variant_new("(^ass)", uris, "");
}

#endif
