import Foundation
import Logging

/// One Skiff per data folder: a second `skiff URL` hands its address to the Skiff already
/// running on the same browsing data (which opens it in a new tab) and exits, so two processes
/// never save over each other's tabs.
///
/// No D-Bus: the running Skiff listens on a Unix socket in `$XDG_RUNTIME_DIR` (or, without one, a
/// private `/tmp/skiff-<uid>` folder), named after a hash of the data folder, and holds an
/// exclusive `flock` on a lock file beside it for as long as it runs. The kernel drops the lock
/// when the process ends, however it ends, so a socket left by a `kill -9`ed Skiff is recognised
/// as stale and replaced. Private windows and skiff-bench touch no data and take no part.
public final class SingleInstance: @unchecked Sendable {
    /// What a second launch asks of the running one; one JSON line over the socket, answered
    /// "ok" once the window has done it.
    public struct Request: Codable, Equatable, Sendable {
        public var url: String?
        public var section: String?
        /// `--subscribe URL`: the running Skiff subscribes and shows Today.
        public var subscribe: String?
        /// `--import-opml FILE`, as an absolute path (the running Skiff has its own working folder).
        public var importOPML: String?
        public init(url: String?, section: String?, subscribe: String? = nil, importOPML: String? = nil) {
            self.url = url
            self.section = section
            self.subscribe = subscribe
            self.importOPML = importOPML
        }
    }

    public enum Claim {
        /// This process is the one: call `listen` once the window is up.
        case primary(SingleInstance)
        /// The running Skiff took the request; this process should exit.
        case handedOver
        /// Another Skiff holds the data but did not answer: this process must not touch the data.
        case failed(String)
        /// The mechanism itself can't work here (no private runtime folder, the socket can't be
        /// made): run alone, as before, and say why in the log.
        case unavailable(String)
    }

    /// How long a second launch keeps trying to reach a Skiff that holds the lock (it may still be
    /// starting, before it listens).
    public static let handOverTimeout: TimeInterval = 10
    /// The longest request line read (an address is far shorter; anything longer is refused).
    public static let maximumRequestSize = 64 * 1024

    public let socketPath: String
    private let lockDescriptor: Int32
    private let listener: Int32
    private static let logger = Logger(label: "skiff.instance")

    private init(socketPath: String, lockDescriptor: Int32, listener: Int32) {
        self.socketPath = socketPath
        self.lockDescriptor = lockDescriptor
        self.listener = listener
    }

    // MARK: Where

    /// The folder for the socket and lock: `$XDG_RUNTIME_DIR` when it is set, absolute, ours and
    /// private (GLib's own check of it), else `/tmp/skiff-<uid>`, created 0700 and used only if it
    /// is ours and private. nil when neither is.
    public static func runtimeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if case .success(let folder) = runtimeFolder(environment: environment) { return folder }
        return nil
    }

    /// The runtime folder, or why none may be used. `fallbackBase`: where `skiff-<uid>` is made (tests).
    public static func runtimeFolder(environment: [String: String] = ProcessInfo.processInfo.environment,
                                     fallbackBase: String = "/tmp") -> Result<URL, RuntimeFolderRefused> {
        if let dir = environment["XDG_RUNTIME_DIR"], dir.hasPrefix("/"), isPrivateFolder(dir), access(dir, W_OK | X_OK) == 0 {
            return .success(URL(fileURLWithPath: dir, isDirectory: true))
        }
        let fallback = "\(fallbackBase)/skiff-\(getuid())"
        mkdir(fallback, 0o700)
        guard isPrivateFolder(fallback) else {
            var info = stat()
            let owner = lstat(fallback, &info) == 0 ? info.st_uid : getuid()
            let whose = owner == getuid() ? "is open to other users" : "belongs to another user (uid \(owner))"
            return .failure(RuntimeFolderRefused(description:
                "\(fallback) \(whose), and XDG_RUNTIME_DIR is \(environment["XDG_RUNTIME_DIR"].map { "not a private folder of yours (\($0))" } ?? "not set"). "
                + "Skiff will not put its lock there, where another user could take it over. Remove \(fallback) or set XDG_RUNTIME_DIR to a private folder of yours."))
        }
        return .success(URL(fileURLWithPath: fallback, isDirectory: true))
    }

    public struct RuntimeFolderRefused: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// A real folder (not a link) owned by this user, that no one else may enter.
    private static func isPrivateFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o077 == 0
    }

    /// "skiff-<16 hex digits>": one name per data folder, short enough for a socket path.
    public static func name(for dataDirectory: URL) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in dataDirectory.standardizedFileURL.path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        return "skiff-" + String(hash, radix: 16).leftPadded(to: 16)
    }

    // MARK: Claiming

    public static func claim(dataDirectory: URL, request: Request,
                             environment: [String: String] = ProcessInfo.processInfo.environment,
                             fallbackBase: String = "/tmp") -> Claim {
        let folder: URL
        switch runtimeFolder(environment: environment, fallbackBase: fallbackBase) {
        case .success(let found): folder = found
        // Running without the lock would let two Skiffs write one data folder: refuse instead.
        case .failure(let refused): return .failed(refused.description)
        }
        let base = folder.appendingPathComponent(name(for: dataDirectory)).path
        let socketPath = base + ".sock", lockPath = base + ".lock"
        guard socketPath.utf8.count < 108 else { return .unavailable("the socket path \(socketPath) is too long") }
        let deadline = Date().addingTimeInterval(handOverTimeout)
        repeat {
            let lock = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
            guard lock >= 0 else { return .unavailable("\(lockPath) can't be opened: \(String(cString: strerror(errno)))") }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 {
                do {
                    let listener = try listen(at: socketPath)
                    return .primary(SingleInstance(socketPath: socketPath, lockDescriptor: lock, listener: listener))
                } catch {
                    close(lock)
                    return .unavailable("\(error)")
                }
            }
            close(lock)
            if send(request, to: socketPath) { return .handedOver }
            usleep(100_000)
        } while Date() < deadline
        return .failed("another Skiff is running on this data but did not answer within \(Int(handOverTimeout)) s.")
    }

    private struct SocketError: Error, CustomStringConvertible {
        let description: String
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in path.utf8.enumerated() where i < buffer.count - 1 { buffer[i] = byte }
        }
        return address
    }

    private static func listen(at path: String) throws -> Int32 {
        unlink(path) // a socket left by a Skiff that ended without removing it; we hold the lock
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 8) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw SocketError(description: "the instance socket \(path) can't be used: \(message)")
        }
        chmod(path, 0o600)
        return fd
    }

    /// Sends `request` and waits for the running Skiff's "ok" (it answers once it has opened it).
    static func send(_ request: Request, to path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0, var line = try? JSONEncoder().encode(request) else { return false }
        line.append(0x0A)
        var timeout = timeval(tv_sec: Int(handOverTimeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard writeAll(fd, line) else { return false }
        return readLine(fd, limit: 16) == Data("ok".utf8)
    }

    // MARK: Serving

    /// Accepts requests on a background thread and runs `handler` on the main actor for each,
    /// answering "ok" after it returns. Call once.
    public func listen(_ handler: @escaping @MainActor @Sendable (Request) -> Void) {
        let listener = listener
        let thread = Thread {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if errno == EINTR { continue }
                    return
                }
                var timeout = timeval(tv_sec: 5, tv_usec: 0)
                setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                guard let line = Self.readLine(client, limit: Self.maximumRequestSize),
                      let request = try? JSONDecoder().decode(Request.self, from: line) else {
                    Self.logger.warning("refused a malformed request on the instance socket")
                    close(client)
                    continue
                }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { handler(request) }
                    _ = Self.writeAll(client, Data("ok\n".utf8))
                    close(client)
                }
            }
        }
        thread.name = "skiff.instance"
        thread.start()
    }

    private static func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let n = write(fd, base + sent, buffer.count - sent)
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }

    /// One line (without its newline), or nil if the peer closed first or it was longer than `limit`.
    private static func readLine(_ fd: Int32, limit: Int) -> Data? {
        var line = Data()
        var byte: UInt8 = 0
        while line.count <= limit {
            let n = read(fd, &byte, 1)
            if n <= 0 { return nil }
            if byte == 0x0A { return line }
            line.append(byte)
        }
        return nil
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
