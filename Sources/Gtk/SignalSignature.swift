import CGtk
import Foundation

/// The C signature a trampoline is written for, checked against what GLib says the signal
/// really has (`g_signal_query`). A trampoline that takes fewer arguments than the signal sends
/// reads an argument as its closure box: `on("cancel")` on a gesture, through a no-argument
/// trampoline, read GTK's `GdkEventSequence*` as the box and crashed on a touchscreen.
///
/// Every connection made through the layer is checked in debug builds (an assertion at connect
/// time) and recorded, so a test can check every signal Skiff connects in any build.
public struct SignalSignature: Hashable, Sendable, CustomStringConvertible {
    /// How a value crosses the C call: what the trampoline's parameter type must be.
    public enum Kind: String, Hashable, Sendable {
        case none, boolean, int, uint, double, int64, pointer
    }

    public let returns: Kind
    public let parameters: [Kind]

    public init(returns: Kind = .none, _ parameters: [Kind] = []) {
        self.returns = returns
        self.parameters = parameters
    }

    public var description: String { "(\(parameters.map(\.rawValue).joined(separator: ", "))) -> \(returns.rawValue)" }

    static let void = SignalSignature()
    static let bool = SignalSignature(returns: .boolean)
    static let pointer = SignalSignature([.pointer])
    static let uint = SignalSignature([.uint])
    static let int = SignalSignature([.int])
    static let point = SignalSignature([.double, .double])
    static let double = SignalSignature([.double])
    static let press = SignalSignature([.int, .double, .double])
    static let scroll = SignalSignature(returns: .boolean, [.double, .double])
    static let key = SignalSignature(returns: .boolean, [.uint, .uint, .uint])
    static let keyReleased = SignalSignature([.uint, .uint, .uint])
    static let loadFailed = SignalSignature(returns: .boolean, [.uint, .pointer, .pointer])
    static let tlsError = SignalSignature(returns: .boolean, [.pointer, .pointer, .uint])
    static let decidePolicy = SignalSignature(returns: .boolean, [.pointer, .uint])
    static let create = SignalSignature(returns: .pointer, [.pointer])
    /// An object to answer in, whether it will be answered out (WebKit's requests).
    static let request = SignalSignature(returns: .boolean, [.pointer])
    /// A string in, a gboolean out (WebKitDownload's "decide-destination").
    static let stringPredicate = SignalSignature(returns: .boolean, [.pointer])

    /// How GLib passes a value of `type` to a C handler.
    static func kind(of type: GType) -> Kind? {
        // G_SIGNAL_TYPE_STATIC_SCOPE marks a parameter passed without copying; same C type.
        let fundamental = g_type_fundamental(type & ~GType(1))
        switch fundamental >> 2 { // G_TYPE_MAKE_FUNDAMENTAL(x) is x << 2
        case 1: return Kind.none                   // G_TYPE_NONE
        case 5: return .boolean                    // G_TYPE_BOOLEAN (gboolean, an int)
        case 3, 4, 6: return .int                  // G_TYPE_CHAR, UCHAR, INT
        case 7, 12, 13: return .uint               // G_TYPE_UINT, ENUM, FLAGS
        case 8, 9, 10, 11: return .int64           // LONG, ULONG, INT64, UINT64
        case 15: return .double                    // G_TYPE_DOUBLE (G_TYPE_FLOAT, 14, is refused in `mismatch`)
        case 2, 16, 17, 18, 19, 20, 21: return .pointer // INTERFACE, STRING, POINTER, BOXED, PARAM, OBJECT, VARIANT
        default: return nil
        }
    }

    /// Why `signal` on instances of `type` does not have this signature, or nil when it does.
    public func mismatch(on type: GType, signal: String) -> String? {
        let name = signal.components(separatedBy: "::").first ?? signal
        let id = g_signal_lookup(name, type)
        guard id != 0 else { return "\(String(cString: g_type_name(type))) has no signal \"\(name)\"" }
        var query = GSignalQuery()
        g_signal_query(id, &query)
        let actualParameters = (0..<Int(query.n_params)).map { query.param_types[$0] }
        // G_TYPE_FLOAT (14) arrives as a C float, not a double: keep it apart.
        if actualParameters.contains(where: { g_type_fundamental($0 & ~GType(1)) == GType(14 << 2) }) {
            return "\(name) has a float parameter, which no trampoline takes"
        }
        let actual = SignalSignature(returns: Self.kind(of: query.return_type) ?? .pointer,
                                     actualParameters.map { Self.kind(of: $0) ?? .pointer })
        guard actual != self else { return nil }
        return "\(String(cString: g_type_name(type))).\(name) is \(actual), but its handler was written for \(self)"
    }
}

/// Every (type, signal, signature) the layer has connected in this process.
@MainActor
public enum SignalRegistry {
    public struct Connection: Hashable, Sendable {
        public let type: GType
        public let signal: String
        public let signature: SignalSignature
        public var typeName: String { String(cString: g_type_name(type)) }
    }

    public private(set) static var connections: Set<Connection> = []

    static func record(_ type: GType, _ signal: String, _ signature: SignalSignature) {
        let connection = Connection(type: type, signal: signal, signature: signature)
        guard !connections.contains(connection) else { return }
        connections.insert(connection)
        #if DEBUG
        if let problem = signature.mismatch(on: type, signal: signal) {
            assertionFailure("signal signature mismatch: \(problem)")
        }
        #endif
    }
}
