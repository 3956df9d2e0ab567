// GTK 4's print dialog for Unix (gtk4-unix-print): its headers sit on their own include path.
#ifndef SKIFF_CGTKUNIXPRINT_SHIM_H
#define SKIFF_CGTKUNIXPRINT_SHIM_H

#include <gtk/gtkunixprint.h>

static inline GtkPrintUnixDialog * _Nonnull skiff_print_unix_dialog_new(const char *title, GtkWindow *parent) {
    return GTK_PRINT_UNIX_DIALOG(gtk_print_unix_dialog_new(title, parent));
}

#endif
