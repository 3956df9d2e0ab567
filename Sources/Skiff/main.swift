import SkiffApp

// Synchronous on purpose: an async main would move the main actor off the thread GTK runs on.
SkiffCommand.main()
