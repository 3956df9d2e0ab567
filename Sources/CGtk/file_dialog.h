// One file dialog for both GTKs Skiff runs on: GtkFileDialog where GTK has it (4.10 and later, where
// GtkFileChooserNative is deprecated), GtkFileChooserNative on 4.8 (Debian 12). Both are asked the
// same way and answer the same way: a GAsyncReadyCallback, then skiff_file_dialog_finish for the
// chosen files (docs/binding.md, "File dialogs").
#ifndef SKIFF_CGTK_FILE_DIALOG_H
#define SKIFF_CGTK_FILE_DIALOG_H
#include <gtk/gtk.h>

typedef enum {
    SKIFF_FILE_DIALOG_OPEN,
    SKIFF_FILE_DIALOG_OPEN_MULTIPLE,
    SKIFF_FILE_DIALOG_SAVE,
} SkiffFileDialogMode;

// What the dialog is asked: every field but mode and title may be NULL.
typedef struct {
    SkiffFileDialogMode mode;
    const char *title;
    const char *accept_label;   // "_Open", "_Save"
    const char *folder;         // where it opens (an absolute path)
    const char *name;           // the name a save dialog offers
    GListModel *filters;        // GtkFileFilter items, offered in this order
    GtkFileFilter *default_filter;
} SkiffFileDialogRequest;

// The answer: a GListModel of GFile (one or more; the caller unrefs it), or NULL with `error` set,
// G_IO_ERROR_CANCELLED when the user dismissed the dialog.
static inline GListModel *skiff_file_dialog_finish(GAsyncResult *result, GError **error) {
    return g_task_propagate_pointer(G_TASK(result), error);
}

static inline void skiff_file_dialog_return_files(GTask *task, GListModel *files) {
    if (files == NULL || g_list_model_get_n_items(files) == 0) {
        if (files != NULL) g_object_unref(files);
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "No file was chosen");
    } else {
        g_task_return_pointer(task, files, g_object_unref);
    }
}

#if GTK_CHECK_VERSION(4, 10, 0)

static inline void skiff_file_dialog_done(GObject *source, GAsyncResult *result, gpointer data) {
    GTask *task = data;
    GtkFileDialog *dialog = GTK_FILE_DIALOG(source);
    GError *error = NULL;
    GListModel *files = NULL;
    switch ((SkiffFileDialogMode)GPOINTER_TO_INT(g_task_get_task_data(task))) {
    case SKIFF_FILE_DIALOG_OPEN_MULTIPLE:
        files = gtk_file_dialog_open_multiple_finish(dialog, result, &error);
        break;
    case SKIFF_FILE_DIALOG_OPEN:
    case SKIFF_FILE_DIALOG_SAVE: {
        GFile *file = GPOINTER_TO_INT(g_task_get_task_data(task)) == SKIFF_FILE_DIALOG_SAVE
            ? gtk_file_dialog_save_finish(dialog, result, &error)
            : gtk_file_dialog_open_finish(dialog, result, &error);
        if (file != NULL) {
            GListStore *store = g_list_store_new(G_TYPE_FILE);
            g_list_store_append(store, file);
            g_object_unref(file);
            files = G_LIST_MODEL(store);
        }
        break;
    }
    }
    if (error != NULL) {
        // Dismissed (GTK_DIALOG_ERROR_DISMISSED) or cancelled: the same answer as 4.8's Cancel.
        if (error->domain == GTK_DIALOG_ERROR) {
            g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", error->message);
            g_error_free(error);
        } else {
            g_task_return_error(task, error);
        }
    } else {
        skiff_file_dialog_return_files(task, files);
    }
    g_object_unref(task);
}

static inline void skiff_file_dialog_ask(GtkWindow *parent, const SkiffFileDialogRequest *request,
                                         GAsyncReadyCallback callback, gpointer data) {
    GtkFileDialog *dialog = gtk_file_dialog_new();
    gtk_file_dialog_set_modal(dialog, TRUE);
    if (request->title != NULL) gtk_file_dialog_set_title(dialog, request->title);
    if (request->accept_label != NULL) gtk_file_dialog_set_accept_label(dialog, request->accept_label);
    if (request->folder != NULL) {
        GFile *folder = g_file_new_for_path(request->folder);
        gtk_file_dialog_set_initial_folder(dialog, folder);
        g_object_unref(folder);
    }
    if (request->name != NULL && request->mode == SKIFF_FILE_DIALOG_SAVE) gtk_file_dialog_set_initial_name(dialog, request->name);
    if (request->filters != NULL) gtk_file_dialog_set_filters(dialog, request->filters);
    if (request->default_filter != NULL) gtk_file_dialog_set_default_filter(dialog, request->default_filter);
    GTask *task = g_task_new(dialog, NULL, callback, data);
    g_task_set_task_data(task, GINT_TO_POINTER(request->mode), NULL);
    switch (request->mode) {
    case SKIFF_FILE_DIALOG_OPEN: gtk_file_dialog_open(dialog, parent, NULL, skiff_file_dialog_done, task); break;
    case SKIFF_FILE_DIALOG_OPEN_MULTIPLE: gtk_file_dialog_open_multiple(dialog, parent, NULL, skiff_file_dialog_done, task); break;
    case SKIFF_FILE_DIALOG_SAVE: gtk_file_dialog_save(dialog, parent, NULL, skiff_file_dialog_done, task); break;
    }
    // The running call and the task hold the dialog until it answers.
    g_object_unref(dialog);
}

#else  // GTK 4.8: GtkFileChooserNative, answered through its "response" signal.

static inline void skiff_file_dialog_response(GtkNativeDialog *native, int response, gpointer data) {
    GTask *task = data;
    GListModel *files = NULL;
    if (response == GTK_RESPONSE_ACCEPT) files = gtk_file_chooser_get_files(GTK_FILE_CHOOSER(native));
    g_signal_handlers_disconnect_by_data(native, task);
    gtk_native_dialog_destroy(native);
    skiff_file_dialog_return_files(task, files);
    g_object_unref(task);
}

static inline void skiff_file_dialog_ask(GtkWindow *parent, const SkiffFileDialogRequest *request,
                                         GAsyncReadyCallback callback, gpointer data) {
    GtkFileChooserAction action = request->mode == SKIFF_FILE_DIALOG_SAVE ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN;
    const char *accept = request->accept_label != NULL ? request->accept_label
        : (request->mode == SKIFF_FILE_DIALOG_SAVE ? "_Save" : "_Open");
    GtkFileChooserNative *native = gtk_file_chooser_native_new(request->title, parent, action, accept, "_Cancel");
    GtkFileChooser *chooser = GTK_FILE_CHOOSER(native);
    gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(native), TRUE);
    gtk_file_chooser_set_select_multiple(chooser, request->mode == SKIFF_FILE_DIALOG_OPEN_MULTIPLE);
    if (request->folder != NULL) {
        GFile *folder = g_file_new_for_path(request->folder);
        gtk_file_chooser_set_current_folder(chooser, folder, NULL);
        g_object_unref(folder);
    }
    if (request->name != NULL && request->mode == SKIFF_FILE_DIALOG_SAVE) gtk_file_chooser_set_current_name(chooser, request->name);
    if (request->filters != NULL) {
        for (guint i = 0; i < g_list_model_get_n_items(request->filters); i++) {
            GtkFileFilter *filter = g_list_model_get_item(request->filters, i);
            gtk_file_chooser_add_filter(chooser, filter);
            g_object_unref(filter);
        }
    }
    if (request->default_filter != NULL) gtk_file_chooser_set_filter(chooser, request->default_filter);
    // The task holds the dialog (its source object) until the response.
    GTask *task = g_task_new(native, NULL, callback, data);
    g_signal_connect(native, "response", G_CALLBACK(skiff_file_dialog_response), task);
    gtk_native_dialog_show(GTK_NATIVE_DIALOG(native));
    g_object_unref(native);
}

#endif
#endif
