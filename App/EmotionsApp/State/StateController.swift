import Foundation
import Navigation
import System

/// Holds the app state while the app runs and saves every change.
///
/// Saving never stops the app: when the file cannot be written (a read-only folder, a full
/// disk) the user is told once per failure and the app goes on with the state in memory.
@MainActor
final class StateController {
  /// Where the state is kept.
  let store: AppStateStore
  /// The state now.
  private(set) var state: AppState
  /// A warning from reading the state at launch, such as a corrupt file.
  let loadWarning: String?
  /// Shows a warning to the user.
  var onWarning: ((String) -> Void)?

  /// Reads the state from `store`.
  init(store: AppStateStore) {
    self.store = store
    let loaded = store.load()
    state = loaded.state
    loadWarning = loaded.warning
  }

  /// Remembers that the user met `requirement`, now, and saves it.
  func recordMet(_ requirement: LaunchRequirement) {
    update { $0.metRequirements[requirement.id] = .init(version: requirement.version, metAt: .now) }
  }

  /// Changes the state and saves it.
  func update(_ change: (inout AppState) -> Void) {
    change(&state)
    do {
      try store.save(state)
    } catch {
      onWarning?("Could not save \(store.fileURL.path) (\(Self.reason(error))); going on without saving.")
    }
  }

  /// A short reason for a failed save, such as "permission denied", rather than Foundation's
  /// long sentence.
  static func reason(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return Errno(posix.code.rawValue).description.lowercased() }
    if let cocoa = error as? CocoaError {
      if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError,
        underlying.domain == NSPOSIXErrorDomain
      {
        return Errno(Int32(underlying.code)).description.lowercased()
      }
      switch cocoa.code {
      case .fileWriteNoPermission: return "permission denied"
      case .fileWriteOutOfSpace: return "no space left on device"
      case .fileWriteVolumeReadOnly: return "read-only file system"
      default: break
      }
    }
    return error.localizedDescription
  }
}
