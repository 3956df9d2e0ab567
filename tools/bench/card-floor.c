/* Today's floor: what scrolling card-sized pictures costs GTK 4 itself on this renderer.
 * A GtkListView (GTK's own virtualised list) of ROWS rows; each row holds two GtkPictures of
 * ready-made textures, one third and two thirds of the width (the sides swap row by row), 420 px
 * high with 20 px between them, as Today lays out a 1280 px window. No shadows, clips, gradients
 * or text: whatever Skiff costs above this is what its cards draw around their pictures.
 * Built by `make bench` (gcc + pkg-config gtk4). usage: card-floor [ROWS]  (default 100000) */
#include <gtk/gtk.h>
#include <stdlib.h>

enum { CARD_HEIGHT = 420, GAP = 20, NARROW = 400, WIDE = 820, SHADES = 4 };

static GdkTexture *pictures[2][SHADES];   /* [0] narrow, [1] wide */

/* A diagonal two-colour blend, opaque, premultiplied RGBA: any picture costs the same to move. */
static GdkTexture *make_picture(int width, int height, int shade) {
  guchar *pixels = g_malloc((gsize)width * height * 4);
  double a = (shade + 1.0) / (SHADES + 1.0);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++) {
      double t = (double)(x + y) / (width + height);
      guchar *p = pixels + ((gsize)y * width + x) * 4;
      p[0] = (guchar)(255 * (a * (1 - t) + (1 - a) * t));
      p[1] = (guchar)(255 * (0.35 + 0.3 * t));
      p[2] = (guchar)(255 * ((1 - a) * (1 - t) + a * t));
      p[3] = 255;
    }
  GBytes *bytes = g_bytes_new_take(pixels, (gsize)width * height * 4);
  GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_R8G8B8A8_PREMULTIPLIED, bytes, (gsize)width * 4);
  g_bytes_unref(bytes);
  return texture;
}

static void on_setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer unused) {
  GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, GAP);
  gtk_widget_set_margin_bottom(row, GAP);
  for (int side = 0; side < 2; side++) {
    GtkWidget *picture = gtk_picture_new();
    gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
    gtk_box_append(GTK_BOX(row), picture);
  }
  gtk_list_item_set_child(item, row);
}

static void on_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer unused) {
  guint position = gtk_list_item_get_position(item);
  GtkWidget *row = gtk_list_item_get_child(item);
  GtkWidget *left = gtk_widget_get_first_child(row), *right = gtk_widget_get_last_child(row);
  int wide_first = position % 2, shade = position % SHADES;
  gtk_picture_set_paintable(GTK_PICTURE(left), GDK_PAINTABLE(pictures[wide_first][shade]));
  gtk_picture_set_paintable(GTK_PICTURE(right), GDK_PAINTABLE(pictures[!wide_first][shade]));
  gtk_widget_set_size_request(left, wide_first ? WIDE : NARROW, CARD_HEIGHT);
  gtk_widget_set_size_request(right, wide_first ? NARROW : WIDE, CARD_HEIGHT);
}

static void on_activate(GtkApplication *app, gpointer rows_pointer) {
  guint rows = GPOINTER_TO_UINT(rows_pointer);
  for (int shade = 0; shade < SHADES; shade++) {
    pictures[0][shade] = make_picture(NARROW, CARD_HEIGHT, shade);
    pictures[1][shade] = make_picture(WIDE, CARD_HEIGHT, SHADES - 1 - shade);
  }
  /* Rows carry no data of their own: a list of ROWS empty strings is the cheapest model. */
  const char **empty = g_new0(const char *, rows + 1);
  for (guint i = 0; i < rows; i++) empty[i] = "";
  GtkStringList *model = gtk_string_list_new(empty);
  g_free(empty);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(on_setup), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(on_bind), NULL);
  GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(model))), factory);
  gtk_widget_set_margin_start(list, GAP);
  gtk_widget_set_margin_end(list, GAP);
  GtkWidget *scroller = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
  GtkWidget *window = gtk_application_window_new(app);
  gtk_window_set_title(GTK_WINDOW(window), "card floor");
  gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
  gtk_window_set_child(GTK_WINDOW(window), scroller);
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  long rows = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;
  if (rows < 1 || rows > 1000000) { g_printerr("card-floor: ROWS must be 1 to 1000000\n"); return 2; }
  GtkApplication *app = gtk_application_new("org.skiff.CardFloor", G_APPLICATION_NON_UNIQUE);
  g_signal_connect(app, "activate", G_CALLBACK(on_activate), GUINT_TO_POINTER((guint)rows));
  char *only_name[] = { argv[0], NULL };
  return g_application_run(G_APPLICATION(app), 1, only_name);
}
