import Foundation
import Testing

@testable import Inference
@testable import InferenceKeras

/// Every broken input is a typed error with a message naming the problem, never a crash.
@Suite("Bad input")
final class BadInputTests {
  /// The folders this test wrote its broken files in, removed when it ends.
  private var folders: [URL] = []

  deinit {
    for folder in folders { try? FileManager.default.removeItem(at: folder) }
  }

  private func temporaryFile(_ name: String, contents: Data) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "InferenceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    folders.append(folder)
    let url = folder.appendingPathComponent(name)
    try contents.write(to: url)
    return url
  }

  private func loadError(_ url: URL) -> ModelError? {
    do {
      _ = try KerasModel(contentsOf: url)
      return nil
    } catch {
      return error
    }
  }

  @Test("a missing file")
  func missingFile() {
    let error = loadError(URL(fileURLWithPath: "/nonexistent/model.h5"))
    #expect(error == .fileNotFound("/nonexistent/model.h5"))
  }

  @Test("a file that is not HDF5")
  func notHDF5() throws {
    let url = try temporaryFile("model.h5", contents: Data("this is not a Keras model\n".utf8))
    let error = try #require(loadError(url))
    #expect(error == .notHDF5(url.path))
    #expect(error.description.contains("not an HDF5 file"))
  }

  @Test("an empty file")
  func emptyFile() throws {
    let url = try temporaryFile("empty.h5", contents: Data())
    #expect(loadError(url) == .notHDF5(url.path))
  }

  @Test("a truncated model file")
  func truncated() throws {
    let model = try Data(contentsOf: TestFixtures.emotionModelURL())
    let url = try temporaryFile("truncated.h5", contents: model.prefix(model.count / 2))
    let error = try #require(loadError(url))
    guard case .corruptFile(let path, let reason) = error else {
      Issue.record("expected corruptFile, got \(error)")
      return
    }
    #expect(path == url.path)
    #expect(reason.contains("truncated"), "\(reason)")
    // libhdf5 reported it to us, not to stderr.
    #expect(!HDF5Library.printsErrors())
  }

  @Test("an HDF5 file without model_config")
  func missingModelConfig() throws {
    let url = try TestFixtures.url("bad_missing_config.h5")
    let error = try #require(loadError(url))
    #expect(error == .missingModelConfig(url.path))
    #expect(error.description.contains("model_config"))
  }

  @Test("an unsupported layer is named with its class")
  func unsupportedLayer() throws {
    let error = try #require(loadError(TestFixtures.url("bad_unsupported_layer.h5")))
    #expect(error == .unsupportedLayer(className: "UpSampling2D", layer: "upsample"))
    #expect(error.description == "unsupported layer UpSampling2D ('upsample')")
  }

  @Test("a weight whose shape does not fit its layer")
  func weightShapeMismatch() throws {
    let error = try #require(loadError(TestFixtures.url("bad_weight_shape.h5")))
    #expect(
      error
        == .weightShapeMismatch(
          layer: "conv", weight: "kernel", expected: [3, 3, 1, 2], found: [3, 3, 1, 3]))
    #expect(error.description.contains("[3, 3, 1, 3]"))
  }

  @Test("an input tensor of the wrong shape", arguments: [[1, 64, 64, 3], [64, 64, 1], [2, 32, 32, 1]])
  func wrongInputShape(shape: [Int]) throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let input = try Tensor(shape: shape)
    #expect(throws: ModelError.inputShapeMismatch(expected: [-1, 64, 64, 1], found: shape)) {
      try model.predict(input)
    }
  }

  @Test("an empty batch gives an empty output")
  func emptyBatch() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let output = try model.predict(Tensor(shape: [0, 64, 64, 1]))
    #expect(output.shape == [0, 7])
  }

  @Test("labels that do not match the classes")
  func labelCount() throws {
    #expect(throws: ModelError.labelCountMismatch(expected: 7, found: 2)) {
      try KerasModel(contentsOf: TestFixtures.emotionModelURL(), labels: ["happy", "sad"])
    }
  }

  @Test("loading the model 1,000 times leaks no HDF5 handles and no memory")
  func repeatedLoadsLeakNothing() throws {
    let url = try TestFixtures.emotionModelURL()
    let handlesBefore = HDF5Library.openObjectCount()
    _ = try KerasModel(contentsOf: url)
    let memoryBefore = ResidentMemory.bytes()
    for _ in 0..<1_000 {
      _ = try KerasModel(contentsOf: url)
    }
    #expect(HDF5Library.openObjectCount() == handlesBefore)
    #expect(handlesBefore == 0)
    // One leaked copy of the weights per load would be 1,000 x 230 kB = 230 MB. Under
    // AddressSanitizer (Tools/test --sanitize) freed memory stays resident in its quarantine,
    // so the resident size says nothing there; LeakSanitizer checks for leaks instead.
    let addressSanitized = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil
    if !addressSanitized, let before = memoryBefore, let after = ResidentMemory.bytes() {
      #expect(after - before < 64 << 20, "resident memory grew by \((after - before) >> 20) MB")
    }
  }

  @Test("failed loads leak no HDF5 handles")
  func failedLoadsLeakNothing() throws {
    let bad = try ["bad_missing_config.h5", "bad_unsupported_layer.h5", "bad_weight_shape.h5"].map(
      TestFixtures.url)
    let model = try Data(contentsOf: TestFixtures.emotionModelURL())
    let truncated = try temporaryFile("truncated.h5", contents: model.prefix(model.count / 3))
    let before = HDF5Library.openObjectCount()
    for _ in 0..<50 {
      for url in bad + [truncated] {
        #expect(loadError(url) != nil)
      }
    }
    #expect(HDF5Library.openObjectCount() == before)
  }
}

/// The process's resident memory, from /proc/self/statm (Linux).
enum ResidentMemory {
  /// The process's resident bytes, after malloc gives back the free memory it keeps: other
  /// tests, running at the same time, free large models whose pages would stay counted.
  static func bytes() -> Int? {
    // glibc's malloc_trim, which Swift's Glibc module does not export.
    if let trim = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
      _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
    }
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
