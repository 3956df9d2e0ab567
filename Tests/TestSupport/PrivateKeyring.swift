import Foundation
import Gtk

/// A session bus and a GNOME Keyring of the test's own, in a temporary folder: `dbus-daemon` with a
/// configuration that activates nothing (no service can start behind the test's back) and
/// `gnome-keyring-daemon --unlock` (its login keyring made and unlocked with a password given on
/// its standard input). Both are children of the test, ended by their PIDs in `stop()`. The rest of
/// the suite keeps running without a session bus: only the code pointed at `address` uses this one.
public final class PrivateKeyring: @unchecked Sendable {
    public let address: String
    private let bus: Process
    private let keyring: Process
    private let directory: URL

    public init() throws {
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("skiff-keyring-\(UUID().uuidString.prefix(8))")
        for sub in ["", "run", "data", "home"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(sub), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let config = directory.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(directory.path)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)

        bus = Process()
        // setpriv (util-linux) execs the daemon in its own PID with a death signal: a test process that
        // crashes before stop() does not leave it behind.
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        bus.arguments = ["--pdeathsig", "TERM", "/usr/bin/dbus-daemon", "--config-file=\(config.path)", "--nofork", "--nopidfile",
                         "--print-address=1"]
        let printed = Pipe()
        bus.standardOutput = printed
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        // The daemon prints its address once it listens.
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline, bus.isRunning {
            let chunk = printed.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        address = text.split(separator: "\n").first.map(String.init) ?? ""
        guard !address.isEmpty else {
            if bus.isRunning { bus.terminate() }
            throw TestFailure("dbus-daemon printed no address")
        }

        keyring = Process()
        keyring.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        keyring.arguments = ["--pdeathsig", "TERM", "/usr/bin/gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"]
        keyring.environment = [
            "PATH": "/usr/bin:/bin",
            "DBUS_SESSION_BUS_ADDRESS": address,
            "XDG_RUNTIME_DIR": directory.appendingPathComponent("run").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "HOME": directory.appendingPathComponent("home").path,
        ]
        let password = Pipe()
        keyring.standardInput = password
        keyring.standardOutput = FileHandle.nullDevice
        keyring.standardError = FileHandle.nullDevice
        do { try keyring.run() } catch {
            bus.terminate()
            throw error
        }
        password.fileHandleForWriting.write(Data("skiff-test".utf8))
        try? password.fileHandleForWriting.close()

        // Ready once the keyring owns the Secret Service's name on the bus.
        let owned = Poll.until(timeout: 20, interval: 0.1) {
            run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                   "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets"]).output.contains("true")
        }
        if owned { return }
        stop()
        throw TestFailure("gnome-keyring-daemon did not take the Secret Service's name within 20 s")
    }

    /// Connects `store` to this keyring: DBUS_SESSION_BUS_ADDRESS names this bus while it connects,
    /// then the suite's own value is put back (processes started later must not inherit a bus the
    /// test ends). True once the keyring answered.
    @MainActor
    public func connect(_ store: LoginKeyring) -> Bool {
        let saved = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        defer { if let saved { setenv("DBUS_SESSION_BUS_ADDRESS", saved, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") } }
        store.reconnect()
        return MainLoop.run(until: { store.availability == .available }, timeout: 20)
    }

    /// Disconnects `store`, and lets the calls still under way finish, so that nothing in this
    /// process holds on to GLib's connection to this bus when it ends (GLib would hand that closed
    /// connection to the next test asking for "the session bus").
    @MainActor
    public func disconnect(_ store: LoginKeyring) {
        store.disconnect()
        MainLoop.run(for: 0.3)
    }

    /// A test's end: the browser's shared keyring let go of this bus, then the bus and daemon ended.
    public func finish() {
        MainActor.assumeIsolated { disconnect(LoginKeyring.shared) }
        stop()
    }

    /// `secret-tool` with `arguments` against this keyring: its exit status and standard output.
    public func secretTool(_ arguments: [String], input: String? = nil) -> (status: Int32, output: String) {
        run("/usr/bin/secret-tool", arguments, input: input)
    }

    private func run(_ path: String, _ arguments: [String], input: String? = nil) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": address]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        let stdin = Pipe()
        process.standardInput = stdin
        do { try process.run() } catch { return (-1, "\(error)") }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Ends the keyring daemon (by its PID), leaving the bus: the Secret Service is gone.
    public func endKeyringDaemon() {
        guard keyring.isRunning else { return }
        keyring.terminate()
        keyring.waitUntilExit()
    }

    /// Ends the keyring, then the bus (by their PIDs), and removes the folder.
    public func stop() {
        for process in [keyring, bus] where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
