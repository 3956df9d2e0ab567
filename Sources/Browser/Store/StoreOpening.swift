import Foundation
import GRDB
import Logging
import StoreSupport

/// How opening the browsing-data database went. The app always continues: with the disk store when
/// there is one, otherwise with an `EphemeralBrowsingStore`, showing `message` when there is one.
public enum BrowserStoreOpenResult: Sendable {
    case opened(DiskBrowsingStore)
    /// The old file was damaged or unreadable; it was moved to `movedTo` and a new database started.
    case recovered(DiskBrowsingStore, movedTo: URL, message: String)
    /// The file (or its folder) can't be written: opened read-only, so the tabs and history show
    /// but nothing is saved. Nothing was moved.
    case readOnly(DiskBrowsingStore, message: String)
    /// The write-ahead log next to the database was foreign or damaged. The database, its log and
    /// shared-memory file were first copied into the folder `copy`; then the log was left out
    /// (foreign) or SQLite kept what of it was intact (damaged).
    case logSetAside(DiskBrowsingStore, copy: URL, message: String)
    /// Nothing could be opened or created (folder not writable, disk full, database in use).
    case unavailable(message: String)

    public var store: DiskBrowsingStore? {
        switch self {
        case .opened(let store), .recovered(let store, _, _), .readOnly(let store, _), .logSetAside(let store, _, _): store
        case .unavailable: nil
        }
    }

    /// What to tell the user, or nil when all went well.
    public var message: String? {
        switch self {
        case .opened: nil
        case .recovered(_, _, let message), .unavailable(let message), .readOnly(_, let message),
             .logSetAside(_, _, let message): message
        }
    }
}

/// Choosing the store for a window: the one call the app makes at start-up.
public enum BrowsingData {
    /// A private window gets an in-memory store and touches nothing on disk (not even the folder);
    /// otherwise the SQLite database under `locations`, falling back to memory if it can't be used.
    public static func open(privateMode: Bool, locations: DataLocations = DataLocations(), now: Date = Date())
        -> (store: any BrowsingDataStore, message: String?)
    {
        if privateMode { return (EphemeralBrowsingStore(), nil) }
        let result = DiskBrowsingStore.open(at: locations.browserDatabase, now: now)
        return (result.store ?? EphemeralBrowsingStore(), result.message)
    }
}

enum StoreOpening {
    static let logger = Logger(label: "skiff.browser.store")

    static func open(at url: URL, now: Date, busyTimeout: TimeInterval = DiskBrowsingStore.busyTimeout,
                     checkLimit: Int64 = DiskBrowsingStore.checkBeforeOpeningLimit) -> BrowserStoreOpenResult {
        let folder = url.deletingLastPathComponent()
        do {
            try DataLocations.createPrivateDirectory(folder)
        } catch {
            return unavailable(url, reason: "its folder can't be created: \(describe(error))")
        }
        if let reason = readOnlyReason(url, folder: folder) {
            return openReadOnly(url, because: reason)
        }
        if let problem = permissionProblem(url) {
            return unavailable(url, reason: problem)
        }
        var setAside: (copy: URL, message: String)?
        switch LogCheck.run(url, now: now) {
        case .none, .ours: break
        case .keptCopy(let copy, let message): setAside = (copy, message)
        case .noRoomForCopy(let error):
            return openReadOnly(url, because: "a copy of it could not be kept before recovering it (\(error))")
        }
        let firstError: Error
        do {
            let checked = willCheckBeforeOpening(url, limit: checkLimit)
            let store = DiskBrowsingStore(pool: try DiskBrowsingStore.connect(at: url, busyTimeout: busyTimeout, checkLimit: checkLimit), url: url,
                                          checkedBeforeOpening: checked)
            if let setAside { return .logSetAside(store, copy: setAside.copy, message: setAside.message) }
            return .opened(store)
        } catch {
            firstError = error
        }
        logger.error("browsing data at \(url.path) can't be opened: \(describe(firstError))")

        guard shouldMoveAside(url, after: firstError) else {
            return unavailable(url, reason: reason(for: firstError, folder: folder))
        }
        let movedTo: URL
        do {
            movedTo = try moveAside(url, now: now)
        } catch {
            return unavailable(url, reason: "it is damaged and can't be moved aside: \(describe(error))")
        }
        do {
            let store = DiskBrowsingStore(pool: try DiskBrowsingStore.connect(at: url, busyTimeout: busyTimeout), url: url)
            logger.notice("damaged browsing data moved to \(movedTo.path); started a new database")
            return .recovered(store, movedTo: movedTo, message:
                "Your browsing data could not be read and was moved to \(movedTo.path); a new one was started.")
        } catch {
            return unavailable(url, reason: reason(for: error, folder: folder))
        }
    }

    /// Why the database must be opened read-only, or nil: it exists and can be read, but it or
    /// its folder (where SQLite keeps the -wal and -shm files) can't be written.
    static func readOnlyReason(_ url: URL, folder: URL) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
              access(url.path, R_OK) == 0 else { return nil }
        if access(url.path, W_OK) != 0 { return "the file is read-only" }
        if access(folder.path, W_OK) != 0 { return "its folder \(folder.path) is read-only" }
        return nil
    }

    static func willCheckBeforeOpening(_ url: URL, limit: Int64) -> Bool {
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value ?? 0
        return size <= limit || FileManager.default.fileExists(atPath: DiskBrowsingStore.recheckMarker(for: url).path)
    }

    /// Why this user may not read the file, with how to put it right, or nil: a database owned by
    /// another user or with mode 000 is not damaged, so it is left exactly as it is (never moved aside).
    static func permissionProblem(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(url.path, R_OK) != 0 else { return nil }
        let mode = String(info.st_mode & 0o777, radix: 8)
        guard info.st_uid == getuid() else {
            let owner = getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) } ?? "user \(info.st_uid)"
            return "permission denied: the file belongs to \(owner), mode \(mode); give it back with `sudo chown $USER '\(url.path)'`"
        }
        return "permission denied: the file's mode is \(mode); make it readable with `chmod u+rw '\(url.path)'`"
    }

    static func openReadOnly(_ url: URL, because reason: String) -> BrowserStoreOpenResult {
        do {
            let store = DiskBrowsingStore(pool: try DiskBrowsingStore.connect(at: url, readOnly: true), url: url, readOnly: true)
            logger.notice("browsing data opened read-only: \(reason)")
            return .readOnly(store, message:
                "Your browsing data at \(url.path) was opened read-only (\(reason)): your tabs and history are shown, but changes won’t be saved this time.")
        } catch {
            return unavailable(url, reason: "\(reason), and it can't be read: \(describe(error))")
        }
    }

    /// Whether the file is damaged (and so moved aside): `DatabaseFile.isDamage`, plus what our
    /// own check found.
    static func shouldMoveAside(_ url: URL, after error: Error) -> Bool {
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        return error is StoreDamage || DatabaseFile.isDamage(error, at: url)
    }

    static func moveAside(_ url: URL, now: Date) throws -> URL { try DatabaseFile.moveAside(url, now: now) }

    static func timestamp(_ date: Date) -> String { DatabaseFile.timestamp(date) }

    static func reason(for error: Error, folder: URL) -> String {
        if let error = error as? DatabaseError, [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
            return "another Skiff is using it"
        }
        let files = FileManager.default
        if !files.isReadableFile(atPath: folder.path) || !files.isExecutableFile(atPath: folder.path) {
            // Mode 000 and the like: not even the files in it can be looked at.
            let mode = (try? files.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int).map { String(format: " (mode %03o)", $0) } ?? ""
            return "the folder \(folder.path) can't be opened\(mode)"
        }
        if !files.isWritableFile(atPath: folder.path) {
            return "the folder \(folder.path) isn't writable"
        }
        return describe(error)
    }

    static func unavailable(_ url: URL, reason: String) -> BrowserStoreOpenResult {
        logger.error("browsing data unavailable at \(url.path): \(reason)")
        return .unavailable(message:
            "Your browsing data at \(url.path) can't be used (\(reason)), so tabs and history won't be saved this time.")
    }

    static func describe(_ error: Error) -> String { DatabaseFile.describe(error) }
}
