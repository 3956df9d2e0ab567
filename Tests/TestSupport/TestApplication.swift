import Gtk

/// The test process's one GtkApplication, registered but not run (the tests turn the main loop).
/// Skiff's windows belong to its application, and the commands' keys are the application's
/// accelerators, which work only in its windows: a test window must be one of them too.
@MainActor
public enum TestApplication {
    private static var registered: Application?

    /// A new window of the application, as `SkiffApplication` makes them.
    public static func window() -> ApplicationWindow {
        ApplicationWindow(application: application)
    }

    public static var application: Application {
        if let registered { return registered }
        let application = Application(id: "io.github.skiff.Tests")
        precondition(application.register(), "the test application could not be registered")
        registered = application
        return application
    }
}
