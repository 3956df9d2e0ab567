import Foundation
import Gtk
import SkiffApp

// Before GTK allocates its first frame buffer: see AllocatorTuning.
AllocatorTuning.applyForFrames(environment: ProcessInfo.processInfo.environment)
// Synchronous on purpose: an async main would move the main actor off the thread GTK runs on.
SkiffCommand.main()
