import Foundation
import Gtk
import SkiffApp
import Stars
import TestSupport
import XCTest

/// The Stars section in a real window under Xvfb, driven with real X input (xdotool), checked
/// through what GTK tells assistive technology and through the pixels on the X screen.
final class StarsWindowTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/import") else {
            return XCTFail("ImageMagick's import is required for screenshots (make test installs it)")
        }
    }

    struct Shown {
        let main: MainWindow
        let xid: String
        @MainActor var stars: StarsView { main.stars }
    }

    @MainActor
    private static func open(_ title: String, width: Int = 1280, height: Int = 800) throws -> Shown {
        let options = try Options.parse(["--section", "stars", "--window-size", "\(width)x\(height)", "--ephemeral"])
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
        main.window.title = title
        main.window.present()
        guard let xid = XDoTool.window(named: title) else {
            main.window.destroy()
            throw TestFailure("no X window is titled \(title)")
        }
        MainLoop.run(until: { main.stars.canvas.width > 0 }, timeout: 10)
        XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the field was drawn")
        XDoTool.run(["windowraise", xid])
        XDoTool.run(["windowfocus", "--sync", xid])
        return Shown(main: main, xid: xid)
    }

    /// A point of the field in the X window's coordinates.
    @MainActor
    private static func point(_ shown: Shown, fx: Double, fy: Double) -> (x: Double, y: Double) {
        let origin = shown.stars.canvas.origin(in: shown.main.window) ?? (0, 0)
        return (origin.x + Double(shown.stars.canvas.width) * fx, origin.y + Double(shown.stars.canvas.height) * fy)
    }

    /// A slow drag: press, move in steps, hold still `hold` seconds (so nothing is flung), release
    /// unless `release` is false.
    @MainActor
    private static func drag(_ shown: Shown, from fx: Double, by dx: Double, steps: Int = 12, hold: Double = 0.3, release: Bool = true) {
        let start = point(shown, fx: fx, fy: 0.5)
        XDoTool.run(["mousemove", "--window", shown.xid, String(Int(start.x)), String(Int(start.y))])
        MainLoop.handlePendingInput()
        XDoTool.run(["mousedown", "1"])
        for i in 1...steps {
            let x = start.x + dx * Double(i) / Double(steps)
            XDoTool.run(["mousemove", "--window", shown.xid, String(Int(x.rounded())), String(Int(start.y))])
            // The drag's own time: its speed is distance over these pauses.
            MainLoop.run(for: 0.02)
        }
        // Held still on purpose, so the release has no speed left to fling with.
        MainLoop.run(for: hold)
        if release { XDoTool.run(["mouseup", "1"]) }
    }

    @MainActor
    private static func settle(_ shown: Shown, timeout: TimeInterval = 8) {
        MainLoop.run(until: { !shown.stars.isMoving }, timeout: timeout)
    }

    // MARK: Pixels

    /// The RGB bytes of the field as the X server shows it.
    @MainActor
    private static func fieldPixels(_ shown: Shown) -> (bytes: [UInt8], width: Int, height: Int) {
        let geometry = XDoTool.run(["getwindowgeometry", shown.xid])
        let position = geometry.split(separator: "\n").first { $0.contains("Position:") }?
            .split(separator: " ").dropFirst().first?.split(separator: ",").compactMap { Int($0) } ?? [0, 0]
        let origin = shown.stars.canvas.origin(in: shown.main.window) ?? (0, 0)
        let w = shown.stars.canvas.width, h = shown.stars.canvas.height
        let x = position[0] + Int(origin.x), y = position[safe: 1].map { $0 + Int(origin.y) } ?? Int(origin.y)
        let bytes = capture(["-window", "root", "-crop", "\(w)x\(h)+\(x)+\(y)", "-depth", "8", "rgb:-"])
        return (bytes, w, h)
    }

    /// Runs ImageMagick's `import` with `args` (the last one "rgb:-") and returns the raw bytes,
    /// pumping the main loop meanwhile. The bytes go through a file: a pipe's reads would block the loop.
    @MainActor
    private static func capture(_ args: [String]) -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stars-\(UUID().uuidString).rgb")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["10", "/usr/bin/import"] + args.dropLast() + ["rgb:" + file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return [] }
        MainLoop.run(until: { !process.isRunning }, timeout: 15)
        return (try? [UInt8](Data(contentsOf: file))) ?? []
    }

    /// Pixels the colour of the constellation lines (purple at 0.4 over the night blue) anywhere in
    /// the field: only one sign's lines are ever drawn, wherever its figure is.
    @MainActor
    private static func linePixelCount(_ shown: Shown) -> Int {
        let (bytes, w, h) = fieldPixels(shown)
        guard bytes.count >= w * h * 3 else { return -1 }
        var count = 0
        for i in stride(from: 0, to: w * h * 3, by: 3) {
            let r = Int(bytes[i]), g = Int(bytes[i + 1]), b = Int(bytes[i + 2])
            if b - g > 60 && r - g > 20 && r < 200 { count += 1 }
        }
        return count
    }

    // MARK: Tests

    func testAShortDragSnapsBackAndTheLinesComeBackAfterTheSnap() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars Snap Back")
            defer { shown.main.window.destroy() }
            XCTAssertEqual(shown.stars.accessibleValueText, "Pisces, 0°")
            let before = Self.linePixelCount(shown)
            XCTAssertGreaterThan(before, 80, "Pisces' lines are drawn at the start")

            // Hold a 0.4 w drag: the lines retract while the finger is down.
            Self.drag(shown, from: 0.7, by: -0.4 * Double(shown.stars.canvas.width), hold: 0.4, release: false)
            XCTAssertEqual(Self.linePixelCount(shown), 0, "no lines during a drag")
            XCTAssertTrue(shown.stars.accessibleValueText?.hasPrefix("Between Pisces and Aries") ?? false,
                          shown.stars.accessibleValueText ?? "nil")
            XDoTool.run(["mouseup", "1"])
            // The time under test: snapped back, and the lines back, 0.6 s after the release.
            MainLoop.run(for: 0.6)
            XCTAssertEqual(shown.stars.accessibleValueText, "Pisces, 0°", "snapped back")
            XCTAssertGreaterThan(Self.linePixelCount(shown), before / 2, "lines drawn in 0.6 s after the snap")
        }
    }

    func testAHalfWidthDragRestsBetweenSignsAndTheNextSignSnapsInWithinHalfAWidth() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars Next Sign")
            defer { shown.main.window.destroy() }
            let w = Double(shown.stars.canvas.width)
            Self.drag(shown, from: 0.8, by: -0.6 * w)
            Self.settle(shown)
            XCTAssertEqual(shown.stars.accessibleValueText, "Between Pisces and Aries, 1°", "0.6 w is past the snap distance")
            XCTAssertEqual(Self.linePixelCount(shown), 0, "no figure between signs")
            // Ten widths lie between two signs: eleven more slow drags of 1,100 px bring Aries within 0.05 w.
            for _ in 0..<11 { Self.drag(shown, from: 0.93, by: -1100, steps: 6, hold: 0.25) }
            Self.settle(shown)
            XCTAssertEqual(shown.stars.accessibleValueText, "Aries, 30°", "snapped to the next sign")
            XCTAssertEqual(shown.stars.menuLabel, "Aries")
        }
    }

    func testRightTwelveTimesComesBackToTheStart() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars Keys")
            defer { shown.main.window.destroy() }
            shown.stars.focusField()
            XDoTool.run(["key", "Right"])
            Self.settle(shown)
            XCTAssertEqual(shown.stars.accessibleValueText, "Aries, 30°")
            for _ in 0..<11 { XDoTool.run(["key", "Right"]) }
            Self.settle(shown, timeout: 15)
            XCTAssertEqual(shown.stars.accessibleValueText, "Pisces, 0°", "twelve signs round")
            XDoTool.run(["key", "End"])
            Self.settle(shown)
            XCTAssertEqual(shown.stars.accessibleValueText, "Aquarius, 330°")
            XDoTool.run(["key", "Home"])
            Self.settle(shown)
            XCTAssertEqual(shown.stars.accessibleValueText, "Pisces, 0°")
        }
    }

    func testTheMenuJumpsToTheChosenSign() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars Menu")
            defer { shown.main.window.destroy() }
            shown.stars.menuButton.grabFocus()
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { shown.stars.menuButton.isOpen }, timeout: 5), "Enter opens the menu")
            // The first item (Pisces) has the focus: five down is Leo.
            XCTAssertTrue(MainLoop.run(until: { shown.main.window.focusTypeName == "GtkModelButton" }, timeout: 5),
                          "the menu's first item has the focus, not \(shown.main.window.focusDescription ?? "nothing")")
            for _ in 0..<5 {
                let before = shown.main.window.focusedWidgetPointer
                XDoTool.run(["key", "Down"])
                XCTAssertTrue(MainLoop.run(until: { shown.main.window.focusedWidgetPointer != before }, timeout: 2), "Down moved the focus")
            }
            XDoTool.run(["key", "Return"])
            // The time under test: a jump takes 3 s, so after 1 s the sky is still on its way.
            MainLoop.run(for: 1.0)
            XCTAssertTrue(shown.stars.accessibleValueText?.hasPrefix("Between") ?? false, "still travelling after 1 s of 3: \(shown.stars.accessibleValueText ?? "nil")")
            Self.settle(shown)
            XCTAssertEqual(shown.stars.accessibleValueText, "Leo, 150°")
            XCTAssertTrue(MainLoop.runUntilPainted(shown.main.window), "the field was drawn at rest")
            XCTAssertGreaterThan(Self.linePixelCount(shown), 40, "Leo's lines are drawn after the jump")
            // Opened again, the menu marks Leo as the current sign, and only Leo.
            XDoTool.run(["key", "Escape"])
            shown.stars.menuButton.grabFocus()
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { shown.stars.menuButton.isOpen }, timeout: 5), "Enter opens the menu again")
            XCTAssertTrue(MainLoop.run(until: { shown.main.window.focusTypeName == "GtkModelButton" }, timeout: 5),
                          "the menu has the focus, not \(shown.main.window.focusDescription ?? "nothing")")
            // The twelve signs as menu items, in order: Leo is the sixth.
            let items = shown.stars.menuButton.presentedDescendants().filter { $0.hasRole(.menuItem) }
            XCTAssertEqual(items.count, 12, "the twelve signs")
            XCTAssertEqual(items.indices.filter { items[$0].state(.checked, is: true) }, [5], "Leo, and only Leo, is marked")
            shown.stars.menuButton.popdown()
        }
    }

    /// The figure's lines stand out from the night sky: at least 3:1 (WCAG's figure for graphics),
    /// measured on the screen's pixels against the sky colour (docs/stars.md, "Palette").
    func testTheFigureLinesStandOutFromTheSky() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars Contrast")
            defer { shown.main.window.destroy() }
            Self.settle(shown)
            XCTAssertTrue(MainLoop.runUntilPainted(shown.main.window), "the field was drawn at rest")
            let (bytes, w, h) = Self.fieldPixels(shown)
            XCTAssertGreaterThanOrEqual(bytes.count, w * h * 3)
            func luminance(_ r: Int, _ g: Int, _ b: Int) -> Double {
                func linear(_ c: Int) -> Double {
                    let v = Double(c) / 255
                    return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
                }
                return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
            }
            let sky = luminance(20, 30, 78)
            var clear = 0
            for i in stride(from: 0, to: min(bytes.count, w * h * 3), by: 3) {
                let r = Int(bytes[i]), g = Int(bytes[i + 1]), b = Int(bytes[i + 2])
                // The lines' hue (violet: blue over red over green), whatever its lightness.
                guard b - g > 40, r - g > 10 else { continue }
                if (luminance(r, g, b) + 0.05) / (sky + 0.05) >= 3 { clear += 1 }
            }
            XCTAssertGreaterThan(clear, 80, "Pisces' lines are drawn at 3:1 or more against the sky")
        }
    }

    func testTheSameSkyComesUpOnTwoLaunches() throws {
        let skiff = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("skiff").path
        guard FileManager.default.isExecutableFile(atPath: skiff) else { return XCTFail("build the app first: \(skiff) is missing") }
        func launchAndShoot() -> [UInt8] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: skiff)
            process.arguments = ["--section", "stars", "--window-size", "900x600", "--ephemeral"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return [] }
            defer { process.terminate(); process.waitUntilExit() }
            return MainActor.assumeIsolated {
                var xid = ""
                MainLoop.run(until: {
                    xid = XDoTool.run(["search", "--onlyvisible", "--class", "skiff"]).split(separator: "\n").first.map(String.init) ?? ""
                    return !xid.isEmpty
                }, timeout: 15)
                guard !xid.isEmpty else { return [] }
                // Below the header bar: the field alone, once it is drawn (stars shown) and has stopped
                // changing (two shots alike).
                var previous: [UInt8] = [], shot: [UInt8] = []
                XCTAssertTrue(MainLoop.run(until: {
                    previous = shot
                    shot = Self.capture(["-window", "root", "-crop", "880x480+10+80", "-depth", "8", "rgb:-"])
                    return Self.brightPixels(shot) > 20 && shot == previous
                }, timeout: 15), "the launched window drew a still sky")
                return shot
            }
        }
        MainActor.assumeIsolated { _ = XDoTool.run(["mousemove", "5", "795"]) }
        let first = launchAndShoot(), second = launchAndShoot()
        XCTAssertEqual(first.count, 880 * 480 * 3)
        XCTAssertTrue(first == second, "the two launches drew different skies")
        // And the sky is not empty: some bright star pixels.
        XCTAssertGreaterThan(Self.brightPixels(first), 20)
    }

    func testTheFieldIsASliderNamedForScreenReaders() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars A11y")
            defer { shown.main.window.destroy() }
            XCTAssertTrue(shown.stars.canvas.isSlider)
            XCTAssertEqual(shown.stars.canvas.accessibleLabelInGTK, "Star field")
            XCTAssertTrue(shown.stars.canvas.isFocusable)
            XCTAssertEqual(shown.stars.menuButton.accessibleLabel, "Go to a sign")
        }
    }

    func testResizeKeepsTheSignCentredWithItsLines() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars Resize", width: 1000, height: 700)
            defer { shown.main.window.destroy() }
            shown.stars.focusField()
            XDoTool.run(["key", "Right"])
            XCTAssertTrue(MainLoop.run(until: { shown.stars.accessibleValueText == "Aries, 30°" && !shown.stars.isMoving }, timeout: 15),
                          "the flight to Aries ended: \(shown.stars.accessibleValueText ?? "nothing")")
            XDoTool.run(["windowsize", shown.xid, "600", "700"])
            XCTAssertTrue(MainLoop.run(until: { shown.stars.canvas.width < 700 }, timeout: 10), "the window did not shrink")
            XCTAssertTrue(MainLoop.run(until: { !shown.stars.isMoving }, timeout: 15), "the field came to rest after the resize")
            XCTAssertEqual(shown.stars.accessibleValueText, "Aries, 30°")
            // Aries' lines are inside the narrower field: the figure is still centred on it. A loaded
            // machine may show the new size's frame (and the lines fading back in) late: look until it does.
            var xs: [Int] = []
            var w = 0
            MainLoop.run(until: {
                let (bytes, width, h) = Self.fieldPixels(shown)
                xs = []
                w = width
                for i in stride(from: 0, to: min(bytes.count, width * h * 3), by: 3) {
                    let r = Int(bytes[i]), g = Int(bytes[i + 1]), b = Int(bytes[i + 2])
                    if b - g > 60 && r - g > 20 && r < 200 { xs.append((i / 3) % width) }
                }
                return xs.count > 40 && abs(Self.middle(xs) - Double(width) / 2) <= Double(width) * 0.1
            }, timeout: 20)
            XCTAssertGreaterThan(xs.count, 40, "lines drawn after the resize")
            XCTAssertEqual(Self.middle(xs), Double(w) / 2, accuracy: Double(w) * 0.1, "the figure is centred")
        }
    }

    /// Bright star pixels in RGB bytes.
    private static func brightPixels(_ rgb: [UInt8]) -> Int {
        stride(from: 0, to: rgb.count - 2, by: 3).filter { rgb[$0] > 180 && rgb[$0 + 1] > 180 && rgb[$0 + 2] > 180 }.count
    }

    /// Halfway between the leftmost and rightmost of `xs`.
    private static func middle(_ xs: [Int]) -> Double { Double((xs.min() ?? 0) + (xs.max() ?? 0)) / 2 }

    func testWithAnimationsOffAKeyMovesAtOnceAndTheLinesAreThere() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars Still")
            GtkRuntime.setAnimationsEnabled(false)
            defer {
                GtkRuntime.setAnimationsEnabled(true)
                shown.main.window.destroy()
            }
            shown.stars.focusField()
            XDoTool.run(["key", "Right"])
            MainLoop.handlePendingInput()
            XCTAssertEqual(shown.stars.accessibleValueText, "Aries, 30°", "no flight")
            XCTAssertTrue(MainLoop.runUntilPainted(shown.main.window), "the field was drawn")
            XCTAssertGreaterThan(Self.linePixelCount(shown), 40, "lines at once")
        }
    }

    func testWheelNotchesMoveTheSkyAndStopBetweenSigns() throws {
        try MainActor.assumeIsolated {
            let shown = try Self.open("Stars Wheel")
            defer { shown.main.window.destroy() }
            let centre = Self.point(shown, fx: 0.5, fy: 0.5)
            XDoTool.run(["mousemove", "--window", shown.xid, String(Int(centre.x)), String(Int(centre.y))])
            // Button 7 scrolls right: four notches of a quarter width each, one window width.
            for _ in 0..<4 { XDoTool.run(["click", "7"]) }
            Self.settle(shown)
            XCTAssertEqual(shown.stars.accessibleValueText, "Between Pisces and Aries, 3°")
            // Three notches back (vertical wheel up) bring Pisces within half a width: it snaps home.
            for _ in 0..<3 { XDoTool.run(["click", "4"]) }
            Self.settle(shown)
            XCTAssertEqual(shown.stars.accessibleValueText, "Pisces, 0°")
        }
    }
}


private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
