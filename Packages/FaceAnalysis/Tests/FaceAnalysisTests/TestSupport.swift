import Foundation
import System
import Testing

@testable import FaceAnalysis

/// Paths to the repository's generated fixtures and models and to this package's committed
/// reference files.
enum TestFiles {
  struct Missing: Error, CustomStringConvertible {
    let description: String
  }

  /// The repository root: the first folder above this file that contains Tools/setup.
  static let repositoryRoot: URL? = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tools/setup").path) {
        return folder
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }()

  /// This test target's committed reference files.
  static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// A file in the repository's Fixtures/ folder, or an error that says to run Tools/setup.
  static func fixture(_ name: String) throws -> String {
    try generated("Fixtures", name)
  }

  /// A file in the repository's Models/ folder, or an error that says to run Tools/setup.
  static func model(_ name: String) throws -> String {
    try generated("Models", name)
  }

  private static func generated(_ folder: String, _ name: String) throws -> String {
    guard let root = repositoryRoot else {
      throw Missing(
        description: "cannot find the repository root (a folder with Tools/setup) above \(#filePath)")
    }
    let path = root.appendingPathComponent(folder).appendingPathComponent(name).path
    guard FileManager.default.fileExists(atPath: path) else {
      throw Missing(
        description: "\(folder)/\(name) is missing: run Tools/setup to create the models and fixtures")
    }
    return path
  }

  static func referencePath(_ name: String) -> String {
    references.appendingPathComponent(name).path
  }

  static func referenceJSON(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: references.appendingPathComponent(name))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw Missing(description: "\(name) is not a JSON object")
    }
    return object
  }

  /// A scratch folder removed by the caller.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "FaceAnalysisTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

/// FNV-1a, 64 bits, as Tools/reference/reference_common.py computes it.
func fnv1a64(_ bytes: [UInt8]) -> String {
  var value: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in bytes {
    value ^= UInt64(byte)
    value = value &* 0x0000_0100_0000_01B3
  }
  let hex = String(value, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}

/// The cascade fer ships, loaded once for all tests.
enum SharedCascade {
  static let fer: Result<HaarCascade, any Error> = Result {
    try HaarCascade(contentsOfFile: try TestFiles.model("haarcascade_frontalface_default.xml"))
  }
}

/// Keeps `ProcessCleanup.terminateChildren()`, which ends every ffmpeg child of the process, from
/// ending the children of tests running beside it: tests that start children hold the gate
/// shared, the one that ends them all holds it alone.
enum ChildProcessGate {
  private final class Lock: @unchecked Sendable {
    var rwlock = pthread_rwlock_t()
    init() { pthread_rwlock_init(&rwlock, nil) }
  }
  private static let lock = Lock()

  /// Enters beside other tests that start children; pair with ``leave()``.
  static func enterShared() { pthread_rwlock_rdlock(&lock.rwlock) }

  /// Enters alone; pair with ``leave()``.
  static func enterAlone() { pthread_rwlock_wrlock(&lock.rwlock) }

  /// Leaves the gate.
  static func leave() { pthread_rwlock_unlock(&lock.rwlock) }
}
