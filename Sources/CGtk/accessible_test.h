// Reading back what GTK's accessibility layer holds (gtk_test_accessible_check_property is
// variadic, so Swift cannot call it). Each returns NULL if the property equals `expected`, else a
// newly allocated string of the value it has.
#ifndef SKIFF_CGTK_ACCESSIBLE_TEST_H
#define SKIFF_CGTK_ACCESSIBLE_TEST_H
#include <gtk/gtk.h>

static inline char *skiff_test_accessible_value_text_differs(GtkWidget *w, const char *expected) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, expected);
}
static inline char *skiff_test_accessible_label_differs(GtkWidget *w, const char *expected) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
}
static inline char *skiff_test_accessible_description_differs(GtkWidget *w, const char *expected) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
}
#endif
