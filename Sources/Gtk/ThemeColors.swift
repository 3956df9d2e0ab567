import CGtk

/// The theme's named colours, as custom drawing needs them. Widgets drawn with GtkSnapshot get no
/// CSS of their own, so they ask the theme here on every draw: a switch between the light and the
/// dark style changes them with the rest of the window.
public struct ThemeColors: Sendable, Equatable {
    /// The window's background (`theme_bg_color`): chrome around content.
    public var window: Color
    /// The background of content views (`theme_base_color`): lists, fields, feeds.
    public var view: Color
    /// Text on `view` (`theme_text_color`).
    public var text: Color
    /// Text and icons on `window` (`theme_fg_color`).
    public var foreground: Color
    /// The selection / accent colour (`theme_selected_bg_color`).
    public var accent: Color
    /// Borders and separators (`borders`).
    public var border: Color

    /// Whether the theme is dark: judged from the window colour, which is what every dark variant changes.
    public var isDark: Bool { window.luminance < 0.5 }

    /// Adwaita's light palette: what the lookups fall back to, should a theme not define a name.
    public static let fallback = ThemeColors(
        window: Color(red: 0.98, green: 0.98, blue: 0.98), view: Color(red: 1, green: 1, blue: 1),
        text: Color(red: 0, green: 0, blue: 0), foreground: Color(red: 0.18, green: 0.20, blue: 0.21),
        accent: Color(red: 0.21, green: 0.52, blue: 0.89), border: Color(red: 0.80, green: 0.78, blue: 0.77))
}

extension Color {
    /// Relative luminance (sRGB, as WCAG defines it), 0 for black to 1 for white.
    public var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// `fraction` of the way from this colour to `other`.
    public func mixed(with other: Color, _ fraction: Double) -> Color {
        Color(red: red + (other.red - red) * fraction, green: green + (other.green - green) * fraction,
              blue: blue + (other.blue - blue) * fraction, alpha: alpha + (other.alpha - alpha) * fraction)
    }
}

extension Widget {
    /// The theme's colours as they apply to this widget now.
    public var themeColors: ThemeColors {
        func look(_ name: String, _ fallback: Color) -> Color {
            var rgba = GdkRGBA()
            guard skiff_theme_lookup_color(widget, name, &rgba) != 0 else { return fallback }
            return Color(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
        }
        let f = ThemeColors.fallback
        return ThemeColors(window: look("theme_bg_color", f.window), view: look("theme_base_color", f.view),
                           text: look("theme_text_color", f.text), foreground: look("theme_fg_color", f.foreground),
                           accent: look("theme_selected_bg_color", f.accent), border: look("borders", f.border))
    }
}
