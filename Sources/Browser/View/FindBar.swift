import BrowserModel
import Gtk

/// Find in page, in the Safari place: while open it takes the address bar's spot at the bottom.
/// A search field, the match count ("3 of 12", "No matches"), previous / next and Done. Renders
/// `FindInPage` and performs its effects on the current page's find controller.
@MainActor
final class FindBar {
    let root = Box(.horizontal, spacing: 6)
    let entry = Entry()
    let countLabel = Label("")
    let previousButton = Button(iconName: "go-up-symbolic", accessibleLabel: "Previous Match")
    let nextButton = Button(iconName: "go-down-symbolic", accessibleLabel: "Next Match")
    let doneButton = Button(label: "Done")
    private(set) var model = FindInPage()
    /// The page being searched, with its controller and handlers (disconnected on close).
    private var target: (view: WebView, controller: FindController, handlers: [SignalHandlerID])?
    /// Asks the browser to lay out again (the bar appeared or went).
    var onLayoutChanged: (@MainActor () -> Void)?

    init() {
        root.addCSSClass("skiff-find-bar")
        root.setAccessibleLabel("Find in Page")
        entry.placeholder = "Find in page"
        entry.setAccessibleLabel("Find in page")
        entry.hexpand = true
        entry.setPrimaryIcon("edit-find-symbolic")
        countLabel.addCSSClass("dim-label")
        countLabel.addCSSClass("numeric")
        countLabel.setAccessibleLabel("")
        for button in [previousButton, nextButton] { button.hasFrame = false }
        for widget in [entry, countLabel, previousButton, nextButton, doneButton] as [Widget] {
            widget.valign = .center
            root.append(widget)
        }
        root.isVisible = false
        entry.onChanged { [weak self] in
            guard let self, self.model.isOpen else { return }
            self.perform(self.model.setQuery(self.entry.text))
        }
        entry.onActivate { [weak self] in self?.step(forward: true) }
        // Shift+Enter: the entry's "activate" does not tell the modifiers.
        let keys = EventControllerKey()
        keys.onPressed { [weak self] keyval, modifiers in
            guard keyval == Key.enter || keyval == Key.kpEnter, modifiers.contains(.shift) else { return false }
            self?.step(forward: false)
            return true
        }
        entry.addController(keys)
        previousButton.onClicked { [weak self] in self?.step(forward: false) }
        nextButton.onClicked { [weak self] in self?.step(forward: true) }
        doneButton.onClicked { [weak self] in self?.close() }
    }

    var isOpen: Bool { model.isOpen }

    /// Ctrl+F: opens over `view` (or, open already, selects the query to type a new one).
    func open(on view: WebView?) {
        guard let view else { return }
        if target?.view !== view { detach() }
        if target == nil { attach(view) }
        if !model.isOpen {
            model.open()
            root.isVisible = true
            onLayoutChanged?()
            // The last query comes back, searched again.
            if !model.query.isEmpty {
                if entry.text != model.query { entry.text = model.query }
                perform([.search(model.query)])
            }
        }
        _ = entry.grabFocus()
        entry.selectAll()
        render()
    }

    /// F3 / Shift+F3: the next or previous match; opens the bar first when it is closed.
    func step(forward: Bool, on view: WebView? = nil) {
        if !model.isOpen { return open(on: view) }
        perform(model.step(forward: forward))
    }

    /// Escape, Done: the highlights go, the bar goes, the page has the focus again.
    @discardableResult
    func close() -> Bool {
        guard model.isOpen else { return false }
        perform(model.close())
        root.isVisible = false
        let view = target?.view
        detach()
        onLayoutChanged?()
        _ = view?.grabFocus()
        return true
    }

    /// The browser shows another page (a tab switch): find belongs to the page it was opened on.
    func pageChanged(to view: WebView?) {
        if model.isOpen, target?.view !== view { close() }
    }

    private func attach(_ view: WebView) {
        guard let controller = view.findController else { return }
        let found = controller.onFound { [weak self] count in
            self?.model.found(count)
            self?.render()
        }
        let missing = controller.onNotFound { [weak self] in
            self?.model.notFound()
            self?.render()
        }
        target = (view, controller, [found, missing])
    }

    private func detach() {
        guard let target else { return }
        for id in target.handlers { target.controller.disconnect(id) }
        self.target = nil
    }

    private func perform(_ effects: [FindInPage.Effect]) {
        guard let controller = target?.controller else { return }
        for effect in effects {
            switch effect {
            case .search(let text): controller.search(text, maxMatches: FindInPage.maximumMatches)
            case .next: controller.next()
            case .previous: controller.previous()
            case .finish: controller.finish()
            }
        }
        render()
    }

    private func render() {
        let text = model.countText
        if countLabel.text != text { countLabel.text = text }
        countLabel.setAccessibleLabel(text)
        let hasMatches = (model.matchCount ?? 0) > 0
        previousButton.isSensitive = hasMatches
        nextButton.isSensitive = hasMatches
        if model.matchCount == 0 { entry.addCSSClass("error") } else { entry.removeCSSClass("error") }
    }
}
