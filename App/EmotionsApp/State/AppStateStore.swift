import Foundation
import Navigation
import System

/// Reads and writes ``AppState`` as `state.json`, atomically.
///
/// The folder is `$EMOTIONS_STATE_DIR`, else `$XDG_STATE_HOME/emotions`, else
/// `~/.local/state/emotions`. A missing file is an empty state; a corrupt or unreadable one
/// is reported and treated as empty, never a crash. Writes go to a temporary file in the same
/// folder that is then renamed over the old one, so a crash never leaves half a file.
struct AppStateStore: Sendable {
  /// Where the state lives.
  let fileURL: URL
  /// What older versions wrote at the top of the file, as the flows declare it.
  let legacyEntries: [LegacyStateEntry]

  /// A store at an explicit file, reading the given legacy entries.
  init(fileURL: URL, legacyEntries: [LegacyStateEntry]) {
    self.fileURL = fileURL
    self.legacyEntries = legacyEntries
  }

  /// The state folder for an environment.
  static func folder(environment: [String: String]) -> URL {
    if let explicit = environment["EMOTIONS_STATE_DIR"], !explicit.isEmpty {
      return URL(fileURLWithPath: explicit, isDirectory: true)
    }
    if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(
        "emotions", isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/state/emotions", isDirectory: true)
  }

  /// The outcome of reading the state: the state, and a warning when the file was unusable.
  struct Loaded: Sendable {
    /// The state read, or an empty one.
    var state: AppState
    /// A sentence for the user when the file existed but could not be used.
    var warning: String?
  }

  /// Reads the state; never throws.
  func load() -> Loaded {
    let data: Data
    switch Self.contents(ofFile: fileURL.path) {
    case .success(let bytes): data = bytes
    case .failure(let error) where error.code == .ENOENT: return Loaded(state: AppState())
    case .failure(let error):
      let reason = Errno(error.code.rawValue).description.lowercased()
      let warning = "Could not read \(fileURL.path) (\(reason)); starting afresh."
      return Loaded(state: AppState(), warning: warning)
    }
    return Self.decode(data, path: fileURL.path, legacyEntries: legacyEntries)
  }

  /// The bytes of the file at `path`, read with `open` and `read` (Foundation's
  /// `Data(contentsOf:)` leaks its buffer on an empty file). Stops after 1 MiB and a byte,
  /// enough for ``decode(_:path:)`` to refuse a larger file.
  static func contents(ofFile path: String) -> Result<Data, POSIXError> {
    do throws(Errno) {
      let file = try FileDescriptor.open(path, O_RDONLY)
      defer { file.close() }
      return .success(Data(try file.readAll(limit: 1 << 20)))
    } catch {
      return .failure(POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO))
    }
  }

  /// Reads the state from the bytes of a state file named `path`, with what older versions
  /// wrote there as `legacyEntries` say; never throws.
  static func decode(_ data: Data, path: String, legacyEntries: [LegacyStateEntry] = []) -> Loaded {
    guard data.count <= 1 << 20 else {
      return Loaded(state: AppState(), warning: "\(path) is larger than 1 MiB; ignoring it.")
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    if let key = AppState.legacyEntriesKey { decoder.userInfo[key] = legacyEntries }
    do {
      return Loaded(state: try decoder.decode(AppState.self, from: data))
    } catch {
      return Loaded(state: AppState(), warning: "\(path) is corrupt; ignoring it and starting afresh.")
    }
  }

  /// The bytes `save` writes for `state`.
  static func encode(_ state: AppState) throws -> Data {
    try encoder.encode(state)
  }

  /// Writes the state atomically, readable by its owner alone (mode 0600: it names what the
  /// user opened), creating the folder (mode 0700) when needed.
  func save(_ state: AppState) throws {
    let folder = fileURL.deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let data = try Self.encode(state)
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(data, to: fileURL.path, mode: 0o600)
    } catch .system(let error) {
      throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO)
    } catch {
      throw POSIXError(.EIO)
    }
  }

  /// Deletes the state file, if any.
  func reset() throws {
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return }
    try FileManager.default.removeItem(at: fileURL)
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }()
}
