import Foundation

/// A QR symbol as dark/light modules, row by row (made by libqrencode in the view target).
public struct QRMatrix: Sendable, Hashable {
    public let size: Int
    public let modules: [Bool]
    /// The light margin a reader needs around the symbol, in modules (the standard asks for 4).
    public static let quietZone = 4

    public init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR matrix is square")
        self.size = size
        self.modules = modules
    }

    public func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// Whole pixels per module so the symbol and its quiet zone fit in `side` pixels (at least 1).
    public func modulePixels(fitting side: Double) -> Int {
        max(1, Int(side) / (size + 2 * Self.quietZone))
    }

    /// Runs of dark modules in each row, as (row, first column, length): one rectangle each.
    public var darkRuns: [(row: Int, column: Int, length: Int)] {
        var runs: [(Int, Int, Int)] = []
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                runs.append((y, start, x - start))
            }
        }
        return runs
    }
}
