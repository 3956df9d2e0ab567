import Foundation
import Gtk

// As `skiff` starts (Sources/Skiff/main.swift), so that the benches measure the app as it ships.
AllocatorTuning.applyForFrames(environment: ProcessInfo.processInfo.environment)
// Synchronous on purpose: an async main would move the main actor off the thread GTK runs on.
SkiffBenchCommand.main()
