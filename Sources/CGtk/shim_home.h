// Added for the Home section: accessible states, and GSettings lookups that cannot abort.
#ifndef SKIFF_CGTK_SHIM_HOME_H
#define SKIFF_CGTK_SHIM_HOME_H
#include <gtk/gtk.h>

static inline void skiff_accessible_set_expanded(GtkWidget *w, gboolean v) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_EXPANDED, v, -1);
}
static inline void skiff_accessible_set_selected(GtkWidget *w, gboolean v) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_SELECTED, v, -1);
}
// What GTK exposes to assistive technology for a boolean state (gtk_test_accessible_check_state is variadic).
static inline gboolean skiff_accessible_bool_state_is(GtkWidget *w, GtkAccessibleState state, gboolean v) {
    char *error = gtk_test_accessible_check_state(GTK_ACCESSIBLE(w), state, v);
    gboolean ok = error == NULL;
    g_free(error);
    return ok;
}
static inline gboolean skiff_accessible_has_role(GtkWidget *w, GtkAccessibleRole role) {
    return gtk_test_accessible_has_role(GTK_ACCESSIBLE(w), role);
}
static inline GtkWidget * _Nonnull skiff_button_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BUTTON, "accessible-role", role, NULL));
}
static inline GtkWidget * _Nonnull skiff_box_new_with_role(GtkOrientation o, int spacing, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "orientation", o, "spacing", spacing, "accessible-role", role, NULL));
}
#endif
