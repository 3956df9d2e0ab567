// History, open tabs and the current tab, kept in SQLite. Filled in by the persistence work.
import BrowserModel
