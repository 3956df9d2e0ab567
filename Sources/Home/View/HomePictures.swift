import Gtk
import Pictures

extension PictureDecoding.Limits {
    /// Home's pictures (tiles, menu items, gift designs; docs/home-format.md): at most 8 MB on disk
    /// and 4096 × 4096 pixels' worth, refused from the header beyond that; decoded straight to at
    /// most 2048 pixels a side (a 760-px page header at scale 2), within 8 s, off the main thread.
    static let home = PictureDecoding.Limits(fileSize: 8 * 1_048_576, pixels: 4096 * 4096, side: 2048, time: .seconds(8))
}
