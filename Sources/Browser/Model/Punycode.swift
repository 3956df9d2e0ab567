/// Punycode (RFC 3492), the `xn--` form of an internationalised host label. Both ways, so an
/// address can be shown in whichever form `SafeAddress` decides is safe.
public enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128
    /// RFC 5890: a DNS label is at most 63 octets; anything longer is not a host label to decode.
    static let maximumLabelLength = 63

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? value + 97 : value + 22)))
    }

    private static func value(of scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value) - 22
        case 0x41...0x5A: Int(scalar.value) - 0x41
        case 0x61...0x7A: Int(scalar.value) - 0x61
        default: nil
        }
    }

    /// The punycode of `label` without the `xn--` prefix; nil if it cannot be encoded.
    public static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map { Int($0.value) }
        var output = String(label.unicodeScalars.filter(\.isASCII).map(Character.init))
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias
        while handled < input.count {
            guard let m = input.filter({ $0 >= n }).min() else { return nil }
            let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += product
            n = m
            for c in input {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta, k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The Unicode text of a punycode label (without `xn--`); nil if it is not valid punycode.
    public static func decode(_ encoded: String) -> String? {
        guard encoded.utf8.count <= maximumLabelLength, encoded.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        let scalars = Array(encoded.unicodeScalars)
        var output: [Int] = []
        var start = 0
        if let dash = scalars.lastIndex(of: "-") {
            output = scalars[..<dash].map { Int($0.value) }
            start = dash + 1
        }
        var n = initialN, i = 0, bias = initialBias, index = start
        while index < scalars.count {
            let oldI = i
            var w = 1, k = base
            while true {
                guard index < scalars.count, let d = value(of: scalars[index]) else { return nil }
                index += 1
                i += d * w
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if d < t { break }
                w *= base - t
                k += base
                guard i < 0x10FFFF * 64, w < 0x10FFFF * 64 else { return nil }
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF else { return nil }
            output.insert(n, at: i)
            i += 1
        }
        var text = ""
        for value in output {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
            text.unicodeScalars.append(scalar)
        }
        return text
    }
}
