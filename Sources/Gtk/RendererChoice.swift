import CGtk
import CGtk.RendererProbe

/// Which renderer GTK draws Skiff's windows with when `GSK_RENDERER` does not say.
///
/// GTK 4.8 (Debian 12) draws with GL wherever GL initialises, even when GL is a software rasteriser
/// (llvmpipe under Xvfb, in VMs, on machines without a GPU driver), where its GL renderer costs far
/// more than its cairo renderer. GTK 4.14 and later refuse GL on llvmpipe and fall back to cairo;
/// this makes 4.8 do the same, and leaves the choice to GTK where it is 4.14 or later (Debian 13):
/// there nothing is probed. `GSK_RENDERER` is always obeyed. docs/rendering.md has the figures.
public enum RendererChoice {
    /// What was decided, and from what.
    public enum Outcome: Equatable, Sendable {
        /// `GSK_RENDERER` names the renderer; nothing was asked.
        case obeyed(String)
        /// GL runs on hardware (or the driver could not be told apart): GTK picks as it would.
        case gtkDefault(gl: String)
        /// GL would run on a software rasteriser: cairo.
        case cairo(gl: String)
        /// GL does not start here at all: GTK falls back to cairo by itself.
        case noGL
        /// GTK ≥ 4.14 makes the same choice itself (cairo where GL runs on llvmpipe): nothing was asked.
        case gtkChooses(version: String)
    }

    /// Why, in words (for the log).
    public static func reason(_ outcome: Outcome) -> String {
        switch outcome {
        case .obeyed(let name): "GSK_RENDERER=\(name)"
        case .gtkDefault(let gl): "GTK's own pick; GL runs on \(gl)"
        case .cairo(let gl): "GL would run on \(gl), a software rasteriser"
        case .noGL: "GL does not start here"
        case .gtkChooses(let version): "GTK \(version) picks by itself"
        }
    }

    /// GL_RENDERER strings of Mesa's software rasterisers: llvmpipe, softpipe, and the classic swrast
    /// ("Software Rasterizer"). GTK ≥ 4.14 looks for "llvmpipe" only; the others are slower still.
    public static func isSoftware(glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return name.contains("llvmpipe") || name.contains("softpipe") || name.contains("software rasterizer")
    }

    /// Mesa's EGL driver names for software rendering (llvmpipe or softpipe behind either).
    public static func isSoftware(eglDriver: String) -> Bool {
        eglDriver == "swrast" || eglDriver == "kms_swrast"
    }

    /// Decides before the first window is realized (the renderer is made then and kept).
    /// Cheap: with `GSK_RENDERER` set nothing is asked; on X11 GDK has already set GL up to pick its
    /// visual, and GLX or EGL name the driver without a context.
    @MainActor
    public static func apply(environment: [String: String]) -> Outcome {
        if let forced = environment["GSK_RENDERER"], !forced.isEmpty { return .obeyed(forced) }
        if skiff_gtk_picks_renderer() != 0 { return .gtkChooses(version: "\(gtk_get_major_version()).\(gtk_get_minor_version())") }
        guard let display = gdk_display_get_default(), gdk_display_prepare_gl(display, nil) != 0 else { return .noGL }
        let software: Bool
        let description: String
        if let driver = taking(skiff_probe_egl_driver(display)) {
            (software, description) = (isSoftware(eglDriver: driver), "EGL driver \(driver)")
        } else if let renderer = taking(skiff_probe_glx_renderer(display)) ?? taking(skiff_probe_context_renderer(display)) {
            (software, description) = (isSoftware(glRenderer: renderer), renderer)
        } else {
            return .noGL
        }
        guard software else { return .gtkDefault(gl: description) }
        skiff_display_set_renderer(display, "cairo")
        return .cairo(gl: description)
    }

    private static func taking(_ string: UnsafeMutablePointer<CChar>?) -> String? {
        guard let string else { return nil }
        defer { g_free(string) }
        return String(cString: string)
    }
}

extension Widget {
    /// The type of renderer GTK made for this widget's window ("GskCairoRenderer", "GskGLRenderer"),
    /// or nil before the window is realized.
    public var rendererTypeName: String? {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return nil }
        return String(cString: skiff_object_type_name(UnsafeMutableRawPointer(renderer)))
    }
}
