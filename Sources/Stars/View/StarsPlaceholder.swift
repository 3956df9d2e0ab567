import Gtk
import StarsModel
