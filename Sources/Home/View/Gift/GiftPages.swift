import Foundation
import Gtk
import HomeModel

/// The Gift tab's root: the designs in a grid that reflows with the width.
@MainActor
final class GiftTabRoot: HomeTabRoot {
    let title = "Gift"
    private let container = Box(.vertical)
    private let giftsURL: URL
    private weak var navigator: (any HomeNavigator)?
    private(set) var catalog: GiftCatalog?
    private(set) var designButtons: [Button] = []
    private(set) var failureMessage: String?
    private var shown: Widget?
    private let reader = TabDataReader<GiftCatalog>()
    /// Kept: the page's layout closures hold it weakly.
    private var page: ScrollingPage?
    var root: Widget { container }

    init(dataDirectory: URL, navigator: any HomeNavigator) {
        giftsURL = dataDirectory.appendingPathComponent("gifts.json")
        self.navigator = navigator
        container.hexpand = true
        container.vexpand = true
        load()
    }

    private func load() {
        if let shown { container.remove(shown) }
        designButtons = []
        failureMessage = nil
        let loading = ScrollingPage(name: "Gift Cards")
        page = loading
        loading.append(TabWidgets.label("Send a Gift Card", classes: ["title-1"]))
        loading.append(TabWidgets.loading("Reading the gift designs…"))
        container.append(loading.root)
        shown = loading.root
        let url = giftsURL
        reader.read({ GiftLoader.load(url) }) { [weak self] result in self?.show(result) }
    }

    var isLoaded: Bool { !reader.isReading }

    private func show(_ result: TabDataLoad<GiftCatalog>) {
        defer { openPendingRoute() }
        if let shown { container.remove(shown) }
        shown = nil
        let page = ScrollingPage(name: "Gift Cards")
        self.page = page
        page.append(TabWidgets.label("Send a Gift Card", classes: ["title-1"]))
        if let catalog = result.value {
            self.catalog = catalog
            if let note = TabWidgets.problemsNote(result.problems) { page.append(note) }
            page.append(TabWidgets.label("Choose a design, then the amount and a message.", classes: ["dim-label"]))
            let grid = FlowBox()
            grid.homogeneous = true
            grid.setChildrenPerLine(minimum: 1, maximum: 3)
            grid.setSpacing(row: 12, column: 12)
            let directory = giftsURL.deletingLastPathComponent()
            for design in catalog.designs {
                let card = Box(.vertical, spacing: 6)
                let picture = TabPicture(path: design.image.map { directory.appendingPathComponent($0).path }, name: design.name,
                                         width: 200, height: 125, radius: 10)
                picture.canvas.halign = .fill
                page.keep(picture)
                card.append(picture.canvas)
                card.append(TabWidgets.label(design.name, classes: ["home-row-title"], wraps: false))
                if !design.occasion.isEmpty { card.append(TabWidgets.label(design.occasion, classes: ["dim-label"], wraps: false)) }
                let button = Button(label: "")
                button.hasFrame = false
                button.addCSSClass("home-gift-design")
                button.setChild(card)
                button.setAccessibleLabel(design.occasion.isEmpty ? design.name : "\(design.name), \(design.occasion)")
                button.onClicked { [weak self] in self?.openDesign(design) }
                grid.append(button)
                designButtons.append(button)
            }
            page.append(grid)
        } else if let fatal = result.fatalProblem {
            failureMessage = TabWidgets.problemText(fatal)
            page.append(TabWidgets.failure(fatal, what: "gift designs") { [weak self] in self?.load() }.box)
        }
        container.append(page.root)
        shown = page.root
    }

    func openDesign(_ design: GiftDesign) {
        guard let catalog, let navigator else { return }
        navigator.push(GiftDesignPage(design: design, limits: catalog.limits, directory: giftsURL.deletingLastPathComponent(),
                                      navigator: navigator), on: .gift)
    }

    /// A route asked for while the file is still being read; opened once it is shown.
    private var pendingRoute: HomeRoute?

    private func openPendingRoute() {
        guard let route = pendingRoute, let navigator else { return }
        pendingRoute = nil
        _ = open(route, navigator: navigator)
    }

    func open(_ route: HomeRoute, navigator: HomeNavigator) -> Bool {
        if reader.isReading {
            if route != .tab(.gift) { pendingRoute = route }
            return true
        }
        switch route {
        case .tab(.gift):
            return true
        case let .giftDesign(id):
            guard let design = catalog?.design(id: id) else { return false }
            openDesign(design)
            return true
        default:
            return false
        }
    }
}

/// A design's page: amount (presets or your own), who it is for, a message, and Review.
@MainActor
final class GiftDesignPage: HomePage {
    let title: String
    private let page: ScrollingPage
    private var order: GiftOrder
    private weak var navigator: (any HomeNavigator)?
    private let directory: URL
    private(set) var presetButtons: [CheckButton] = []
    let otherButton = CheckButton(label: "Other amount")
    let amountEntry = Entry()
    let recipientEntry = Entry()
    let emailEntry = Entry()
    let messageEntry = Entry()
    let senderEntry = Entry()
    private let counter = TabWidgets.label("", classes: ["dim-label", "caption"])
    let sendButton = Button(label: "")
    private var problemLabels: [GiftOrder.Field: Label] = [:]
    private var entries: [GiftOrder.Field: Widget] = [:]
    /// Problems are shown once the person has tried to go on, then kept up to date as they type.
    private var showsProblems = false
    var root: Widget { page.root }

    init(design: GiftDesign, limits: GiftLimits, directory: URL, navigator: any HomeNavigator) {
        title = design.name
        order = GiftOrder(design: design, limits: limits)
        self.navigator = navigator
        self.directory = directory
        page = ScrollingPage(name: design.name)
        let picture = TabPicture(path: design.image.map { directory.appendingPathComponent($0).path }, name: design.name,
                                 width: 384, height: 240, radius: 14)
        picture.canvas.halign = .center
        page.append(picture)
        page.append(TabWidgets.label(design.name, classes: ["title-1"]))

        page.append(TabWidgets.label("Amount", classes: ["heading"]))
        let amounts = Box(.horizontal, spacing: 12)
        var first: CheckButton?
        for preset in limits.presets {
            let button = CheckButton(label: preset.formatted(dropZeroCents: true))
            if let first { button.join(first) } else { first = button }
            button.isActive = order.presetAmount == preset
            button.onToggled { [weak self, weak button] in
                guard let self, let button, button.isActive else { return }
                self.order.presetAmount = preset
                self.amountEntry.isSensitive = false
                self.refresh()
            }
            amounts.append(button)
            presetButtons.append(button)
        }
        if let first { otherButton.join(first) } else { otherButton.isActive = true }
        otherButton.onToggled { [weak self] in
            guard let self, self.otherButton.isActive else { return }
            self.order.presetAmount = nil
            self.amountEntry.isSensitive = true
            self.amountEntry.grabFocus()
            self.refresh()
        }
        amounts.append(otherButton)
        page.append(amounts)
        amountEntry.placeholder = "\(limits.minimum.formatted(dropZeroCents: true)) to \(limits.maximum.formatted(dropZeroCents: true))"
        amountEntry.setAccessibleLabel("Other amount in dollars")
        amountEntry.setInputPurposeNumber()
        amountEntry.maxLength = 12
        amountEntry.isSensitive = order.presetAmount == nil
        amountEntry.onChanged { [weak self] in
            guard let self else { return }
            self.order.customAmount = self.amountEntry.text
            self.refresh()
        }
        addField(.amount, entry: amountEntry, heading: nil)

        recipientEntry.maxLength = GiftOrder.maximumNameLength + 20
        recipientEntry.onChanged { [weak self] in
            guard let self else { return }
            self.order.recipientName = self.recipientEntry.text
            self.refresh()
        }
        addField(.recipientName, entry: recipientEntry, heading: "To")
        emailEntry.setInputPurposeEmail()
        emailEntry.maxLength = GiftOrder.maximumEmailLength + 20
        emailEntry.onChanged { [weak self] in
            guard let self else { return }
            self.order.recipientEmail = self.emailEntry.text
            self.refresh()
        }
        addField(.recipientEmail, entry: emailEntry, heading: "Their email")
        // Typing past the limit is allowed (a paste can be trimmed); the counter and the problem say by how much.
        messageEntry.maxLength = limits.messageLimit * 2
        messageEntry.onChanged { [weak self] in
            guard let self else { return }
            self.order.message = self.messageEntry.text
            self.refresh()
        }
        addField(.message, entry: messageEntry, heading: "Message (optional)")
        page.append(counter)
        senderEntry.maxLength = GiftOrder.maximumNameLength + 20
        senderEntry.onChanged { [weak self] in
            guard let self else { return }
            self.order.senderName = self.senderEntry.text
            self.refresh()
        }
        addField(.senderName, entry: senderEntry, heading: "From (optional)")

        sendButton.addCSSClass("suggested-action")
        sendButton.addCSSClass("home-add-button")
        sendButton.onClicked { [weak self] in self?.send() }
        page.append(sendButton)
        refresh()
    }

    private func addField(_ field: GiftOrder.Field, entry: Entry, heading: String?) {
        if let heading {
            page.append(TabWidgets.label(heading, classes: ["heading"]))
            entry.setAccessibleLabel(heading)
        }
        page.append(entry)
        let problem = TabWidgets.label("", classes: ["home-refused"])
        problem.isVisible = false
        page.append(problem)
        problemLabels[field] = problem
        entries[field] = entry
    }

    private func refresh() {
        counter.text = order.messageCounter
        let amount = order.amount.map { " · \($0.formatted(dropZeroCents: true))" } ?? ""
        sendButton.label = "Review Gift\(amount)"
        sendButton.setAccessibleLabel(sendButton.label ?? "Review Gift")
        if showsProblems { showProblems() }
    }

    /// The problem lines under the fields, as shown (empty when none is shown).
    var shownProblems: [String] { GiftOrder.Field.allCases.compactMap { problemLabels[$0] }.filter(\.isVisible).map(\.text) }

    private func showProblems() {
        let problems = order.validate()
        for field in GiftOrder.Field.allCases {
            let message = problems.first { $0.field == field }?.message
            problemLabels[field]?.text = message ?? ""
            problemLabels[field]?.isVisible = message != nil
            entries[field]?.setAccessibleDescription(message ?? "")
        }
    }

    func send() {
        var generator = SystemRandomNumberGenerator()
        guard let confirmation = order.confirm(reference: GiftOrder.makeReference(using: &generator)) else {
            showsProblems = true
            showProblems()
            if let field = order.validate().first?.field { entries[field]?.grabFocus() }
            return
        }
        navigator?.push(GiftConfirmationPage(confirmation: confirmation, directory: directory, navigator: navigator), on: .gift)
    }
}

/// What was written, with its reference; Done goes back to the designs.
@MainActor
final class GiftConfirmationPage: HomePage {
    let title = "Gift Ready"
    private let page = ScrollingPage(name: "Gift Ready")
    let summary: Label
    let referenceLabel: Label
    let doneButton = Button(label: "Done")
    private weak var navigator: (any HomeNavigator)?
    var root: Widget { page.root }

    init(confirmation: GiftConfirmation, directory: URL, navigator: (any HomeNavigator)?) {
        self.navigator = navigator
        let picture = TabPicture(path: confirmation.design.image.map { directory.appendingPathComponent($0).path },
                                 name: confirmation.design.name, width: 320, height: 200, radius: 14)
        picture.canvas.halign = .center
        page.append(picture)
        page.append(TabWidgets.label("Your gift is ready", classes: ["title-1"]))
        summary = TabWidgets.label(confirmation.summary + ".")
        page.append(summary)
        if !confirmation.message.isEmpty {
            page.append(TabWidgets.label("“\(confirmation.message)”", classes: ["home-gift-message"]))
        }
        if let sender = confirmation.senderName { page.append(TabWidgets.label("From \(sender)", classes: ["dim-label"])) }
        referenceLabel = TabWidgets.label("Reference \(confirmation.reference)", classes: ["heading"])
        page.append(referenceLabel)
        page.append(TabWidgets.label("Skiff has no payment service: nothing was charged and no email was sent.",
                                     classes: ["dim-label", "caption"]))
        let done = doneButton
        done.addCSSClass("suggested-action")
        done.halign = .start
        done.onClicked { [weak self] in
            // Back past the design page to the designs.
            self?.navigator?.pop()
            self?.navigator?.pop()
        }
        page.append(done)
    }
}
