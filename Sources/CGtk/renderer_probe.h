// What GL would run on, asked as cheaply as the display allows, before the first window picks its
// renderer (docs/rendering.md). A submodule of its own (CGtk.RendererProbe): it brings X11's and
// EGL's names, which must not reach every file that imports CGtk.
#ifndef SKIFF_CGTK_RENDERER_PROBE_H
#define SKIFF_CGTK_RENDERER_PROBE_H
#include <gtk/gtk.h>
#include <epoxy/gl.h>
#include <epoxy/egl.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <epoxy/glx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

// The EGL display GDK set up on `display`, or NULL (GLX, or no EGL).
static inline EGLDisplay skiff_probe_egl_display(GdkDisplay *display) {
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_DISPLAY(display)) return gdk_x11_display_get_egl_display(display);
#endif
#ifdef GDK_WINDOWING_WAYLAND
    if (GDK_IS_WAYLAND_DISPLAY(display)) return gdk_wayland_display_get_egl_display(display);
#endif
    return NULL;
}

// Whether the GTK running here picks its renderer the way Skiff wants by itself: GTK >= 4.14 refuses
// GL on llvmpipe and draws with cairo there (docs/rendering.md). Asked of the library loaded, not the
// headers built against, so nothing is probed on such a GTK.
static inline gboolean skiff_gtk_picks_renderer(void) {
    return gtk_check_version(4, 14, 0) == NULL;
}

// Mesa's EGL driver name ("iris", "swrast", "kms_swrast"), newly allocated, or NULL where EGL is not in
// use or the driver does not say (EGL_MESA_query_driver). No context is made.
// The entry point is looked up by hand, not called through epoxy: epoxy's dispatch resolves it
// against the current context and aborts the process when there is none (GTK 4.18 on X11 sets EGL up
// without making a context current). A driver that lists the extension but gives no entry point is
// "does not say", never a crash.
static inline char *skiff_probe_egl_driver(GdkDisplay *display) {
    EGLDisplay egl = skiff_probe_egl_display(display);
    if (egl == NULL || !epoxy_has_egl_extension(egl, "EGL_MESA_query_driver")) return NULL;
    PFNEGLGETDISPLAYDRIVERNAMEPROC get_name = (PFNEGLGETDISPLAYDRIVERNAMEPROC)eglGetProcAddress("eglGetDisplayDriverName");
    if (get_name == NULL) return NULL;
    const char *name = get_name(egl);
    return name == NULL ? NULL : g_strdup(name);
}

// GL_RENDERER as GLX reports it without a context (GLX_MESA_query_renderer), newly allocated, or NULL.
static inline char *skiff_probe_glx_renderer(GdkDisplay *display) {
#ifdef GDK_WINDOWING_X11
    int major = 0, minor = 0;
    if (!GDK_IS_X11_DISPLAY(display) || !gdk_x11_display_get_glx_version(display, &major, &minor)) return NULL;
    Display *x = gdk_x11_display_get_xdisplay(display);
    int screen = gdk_x11_screen_get_screen_number(gdk_x11_display_get_screen(display));
    if (!epoxy_has_glx_extension(x, screen, "GLX_MESA_query_renderer")) return NULL;
    const char *name = glXQueryRendererStringMESA(x, screen, 0, GLX_RENDERER_DEVICE_ID_MESA);
    return name == NULL ? NULL : g_strdup(name);
#else
    (void)display;
    return NULL;
#endif
}

// GL_RENDERER read from a context made for the purpose (what GTK >= 4.14 reads), newly allocated, or NULL.
// The costly way (a context: ~30 ms on llvmpipe), for drivers that answer neither query above.
static inline char *skiff_probe_context_renderer(GdkDisplay *display) {
    GdkGLContext *context = gdk_display_create_gl_context(display, NULL);
    if (context == NULL) return NULL;
    char *name = NULL;
    if (gdk_gl_context_realize(context, NULL)) {
        gdk_gl_context_make_current(context);
        const char *s = (const char *)glGetString(GL_RENDERER);
        name = s == NULL ? NULL : g_strdup(s);
        gdk_gl_context_clear_current();
    }
    g_object_unref(context);
    return name;
}

// Makes GTK pick `name` for the windows of `display` that are realized from now on: 4.8's
// gsk_renderer_new_for_surface asks the display's "gsk-renderer" before anything else.
static inline void skiff_display_set_renderer(GdkDisplay *display, const char *name) {
    g_object_set_data_full(G_OBJECT(display), "gsk-renderer", g_strdup(name), g_free);
}
#endif
