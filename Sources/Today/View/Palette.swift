import Gtk

/// Today's chrome colours come from the theme, so the feed follows the light and the dark style.
/// (Cards keep their own colours: a card is its picture and the accent its feed gives it.)
enum Palette {
    @MainActor static func background(of widget: Widget) -> Color { widget.themeColors.window }
}
