import Foundation
import System

/// For tests only: `EMOTIONS_TEST_KILL_AT=<n>` ends the process with SIGKILL once it has
/// written `n` records to `--output`, and `<n>.5` after it has also written the first half of
/// the next one, so that a test can stop a run exactly where a crash or `kill -9` would.
/// Nothing reads the variable but ``RecordOutput``.
struct TestKillSwitch {
  /// The environment variable.
  static let variable = "EMOTIONS_TEST_KILL_AT"

  /// Records written whole before the kill.
  let wholeRecords: Int
  /// Whether half of the next record is written first.
  let tearsNext: Bool

  /// The switch `environment` sets, if any.
  init?(environment: [String: String]) {
    guard let text = environment[Self.variable], let value = Double(text), value >= 0 else { return nil }
    wholeRecords = Int(value)
    tearsNext = value != value.rounded(.down)
  }

  /// The bytes of record number `index` (from 0) to write before the kill, nil to write it
  /// all and go on.
  func cut(recordAt index: Int, of bytes: Int) -> Int? {
    guard index == wholeRecords else { return nil }
    return tearsNext ? bytes / 2 : 0
  }

  /// Ends the process at once, as `kill -9` does: no handler, no flush, no clean-up.
  func kill() -> Never {
    CurrentProcess.killImmediately()
  }
}
