import CGtk

/// What the About window says about an app.
public struct AboutInfo: Sendable, Equatable {
    public var name, version, summary, developer, website, iconName: String
    /// An SPDX id; MIT is shown with its licence text, others by name.
    public var license: String

    public init(name: String, version: String, summary: String, developer: String, website: String, iconName: String, license: String) {
        self.name = name; self.version = version; self.summary = summary; self.developer = developer
        self.website = website; self.iconName = iconName; self.license = license
    }
}

/// GTK's About dialog (GtkAboutDialog).
@MainActor
public final class AboutWindow: Window {
    public override class var gType: GType { gtk_about_dialog_get_type() }

    public convenience init(transientFor parent: Window?, info: AboutInfo) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_about_dialog_new()))
        let about = OpaquePointer(raw)
        gtk_about_dialog_set_program_name(about, info.name)
        gtk_about_dialog_set_version(about, info.version)
        gtk_about_dialog_set_comments(about, info.summary)
        gtk_about_dialog_set_website(about, info.website)
        gtk_about_dialog_set_logo_icon_name(about, info.iconName)
        gtk_about_dialog_set_copyright(about, "© \(info.developer)")
        gtk_about_dialog_set_license_type(about, info.license == "MIT" ? GTK_LICENSE_MIT_X11 : GTK_LICENSE_CUSTOM)
        if info.license != "MIT" { gtk_about_dialog_set_license(about, info.license) }
        if let parent { gtk_window_set_transient_for(window, parent.window) }
        gtk_window_set_modal(window, 1)
    }

    public var programName: String? { gtk_about_dialog_get_program_name(OpaquePointer(raw)).map { String(cString: $0) } }
    public var version: String? { gtk_about_dialog_get_version(OpaquePointer(raw)).map { String(cString: $0) } }
}
