import Gtk

extension Window {
    /// Escape closes this window, as GNOME's dialogs and secondary windows do.
    func closesOnEscape() {
        let keys = ShortcutController()
        keys.add("Escape") { [weak self] in
            self?.close()
            return true
        }
        addController(keys)
    }
}
