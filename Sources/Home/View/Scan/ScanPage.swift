import Foundation
import Gtk
import HomeModel

/// The Scan tab's root page: the member card with a real QR code of the member number (libqrencode),
/// the Star balance, and the card number as text to read out or copy.
@MainActor
final class ScanPage: HomeTabRoot {
    let root: Widget
    let title = "Scan"
    let qrCode: Canvas
    let matrix: QRMatrix?

    init(profile: HomeProfile?, problem: String?) {
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        root = scroller
        let column = Box(.vertical, spacing: 16)
        column.setMargins(top: 24, bottom: 24, start: 16, end: 16)
        column.halign = .center
        let card = Box(.vertical, spacing: 12)
        card.addCSSClass("skiff-home-tile")
        card.addCSSClass("skiff-home-card")
        let inner = Box(.vertical, spacing: 12)
        inner.setMargins(top: 20, bottom: 20, start: 20, end: 20)
        card.append(inner)
        let heading = Label(profile.map { "\($0.name)'s member card" } ?? "Member card")
        heading.addCSSClass("title-3")
        heading.setXAlign(0)
        inner.append(heading)
        let number = profile.map { $0.memberNumber.filter { $0 != " " } }
        matrix = number.flatMap(QREncoder.encode)
        qrCode = Canvas(role: .img, label: number.map { "QR code of member number \($0)" } ?? "No QR code", draw: { _, _, _ in })
        let matrix = self.matrix
        qrCode.onMeasure { orientation, _ in orientation == .horizontal ? (240, 264) : (240, 264) }
        qrCode.halign = .center
        qrCode.onDraw { snapshot, width, height in
            // Dark modules on white with the quiet zone, whatever the theme: readers need the contrast.
            let side = min(width, height)
            snapshot.fillRounded(Rect(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side), radius: 8,
                                 color: Color(red: 1, green: 1, blue: 1))
            guard let matrix else { return }
            let module = Double(matrix.modulePixels(fitting: side))
            let symbol = module * Double(matrix.size)
            let x0 = ((width - symbol) / 2).rounded(), y0 = ((height - symbol) / 2).rounded()
            let ink = Color(red: 0, green: 0, blue: 0)
            for run in matrix.darkRuns {
                snapshot.fill(Rect(x: x0 + Double(run.column) * module, y: y0 + Double(run.row) * module,
                                   width: Double(run.length) * module, height: module), color: ink)
            }
        }
        inner.append(qrCode)
        if let profile {
            let balance = Label("\(profile.stars) ★ Stars")
            balance.addCSSClass("skiff-home-stars")
            inner.append(balance)
            let numberLabel = Label(profile.memberNumber)
            numberLabel.addCSSClass("skiff-home-card-number")
            numberLabel.setAccessibleLabel("Card number \(profile.memberNumber)")
            inner.append(numberLabel)
            let hint = Label("Show this code at the till to pay and collect Stars.")
            hint.addCSSClass("skiff-home-tile-subtitle")
            hint.wraps = true
            hint.maxWidthChars = 36
            inner.append(hint)
        } else {
            let message = Label(problem ?? "The member profile could not be read.")
            message.wraps = true
            message.maxWidthChars = 40
            message.selectable = true
            inner.append(message)
        }
        column.append(card)
        scroller.setChild(column)
    }

    func open(_ route: HomeRoute, navigator: HomeNavigator) -> Bool { route == .tab(.scan) }
}
