import Gtk
import TodayModel
