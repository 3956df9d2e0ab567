import Foundation
import HomeModel

/// A reproducible generator for the property tests (SplitMix64): a failure names its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum TabsFixtures {
    static let menuJSON = """
    {
      "version": 1,
      "categories": [
        {
          "id": "hot-coffees",
          "name": "Hot Coffees",
          "items": [
            {
              "id": "caffe-latte", "name": "Caffè Latte", "description": "Espresso and steamed milk.",
              "sizes": [
                { "id": "short", "name": "Short", "price": 3.65 },
                { "id": "tall", "name": "Tall", "detail": "12 fl oz", "price": 4.25 },
                { "id": "grande", "name": "Grande", "detail": "16 fl oz", "price": 4.95 }
              ],
              "defaultSize": "grande",
              "options": [
                { "id": "extra-shot", "name": "Extra shot", "price": 0.90 },
                { "id": "oat-milk", "name": "Oat milk", "price": 0.70 }
              ]
            },
            { "id": "drip", "name": "Drip Coffee", "sizes": [ { "id": "tall", "name": "Tall", "price": 2.45 } ] }
          ]
        }
      ]
    }
    """

    static func menu() -> Menu {
        guard let menu = MenuLoader.parse(Data(menuJSON.utf8), file: "menu.json").value else {
            preconditionFailure("the fixture menu must load")
        }
        return menu
    }
}
