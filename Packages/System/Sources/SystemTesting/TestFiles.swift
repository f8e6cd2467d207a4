import Foundation

/// Paths a package's tests read: the repository's generated fixtures and models (made by
/// `Tools/setup`), a test target's committed reference files (its `Fixtures/` folder), and
/// scratch folders.
public enum TestFiles {
  /// A file the tests need is not there.
  public struct Missing: Error, CustomStringConvertible {
    /// What is missing and how to get it.
    public let description: String
  }

  /// The repository root: the first folder above this file that contains Tools/setup.
  public static let repositoryRoot: URL? = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tools/setup").path) {
        return folder
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }()

  /// A file in the repository's Fixtures/ folder, or an error that says to run Tools/setup.
  public static func fixture(_ name: String) throws -> String {
    try generated("Fixtures", name)
  }

  /// A file in the repository's Models/ folder, or an error that says to run Tools/setup.
  public static func model(_ name: String) throws -> String {
    try generated("Models", name)
  }

  /// A committed reference file in the `Fixtures/` folder beside the calling test file.
  public static func referencePath(_ name: String, file: StaticString = #filePath) -> String {
    URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Fixtures")
      .appendingPathComponent(name).path
  }

  /// A committed reference file beside the calling test file, read as a JSON object.
  public static func referenceJSON(_ name: String, file: StaticString = #filePath) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: referencePath(name, file: file)))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw Missing(description: "\(name) is not a JSON object")
    }
    return object
  }

  /// A new scratch folder, removed by the caller.
  public static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// FNV-1a, 64 bits, in hex, as Tools/reference/reference_common.py computes it: how the
  /// reference files name a picture's pixels.
  public static func fnv1a64(_ bytes: [UInt8]) -> String {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01B3
    }
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
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
}
