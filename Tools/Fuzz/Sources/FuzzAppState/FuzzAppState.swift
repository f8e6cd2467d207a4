import Foundation
import Navigation

/// The app's flows' declarations of what version 0.1 wrote, so that the legacy path is fuzzed too.
let legacyEntries: [LegacyStateEntry] = [
  .metRequirement(
    legacyKey: "consent", requirementID: "consent", versionField: "documentsVersion", dateField: "acceptedAt"),
  .flowValue(legacyKey: "lastSource", key: "main.lastSource"),
]

/// libFuzzer entry: reads the input as the app's `state.json` through the same code path as
/// `AppStateStore.load()`. Whatever the bytes, the reader returns a state (empty when the
/// file is unusable) and a state it accepted must survive a save and a reload unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppState(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let data = Data(bytes: start, count: count)
  let loaded = AppStateStore.decode(data, path: "state.json", legacyEntries: legacyEntries)
  guard loaded.warning == nil else { return 0 }
  guard let encoded = try? AppStateStore.encode(loaded.state) else {
    fatalError("an accepted state does not encode")
  }
  let again = AppStateStore.decode(encoded, path: "state.json", legacyEntries: legacyEntries)
  precondition(again.warning == nil && again.state == loaded.state, "state changed on a round trip")
  return 0
}
