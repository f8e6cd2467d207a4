import Foundation
import Inference
import Media
import SystemTesting
import Testing

@testable import FaceAnalysis

/// The real recognizer, loaded fresh by each test that needs it (a few milliseconds). A model
/// kept in a global until the process exits is reported by LeakSanitizer
/// (`Tools/test --sanitize`): the layers sit in enum payloads whose pointers carry the case
/// in their spare bits, which it cannot follow; a model released by its test is checked
/// properly instead.
enum SharedRecognizer {
  static func load() throws -> EmotionRecognizer {
    let files = ModelFiles(
      emotionModel: URL(fileURLWithPath: try TestFiles.model(ModelFiles.emotionModelName)),
      cascade: URL(fileURLWithPath: try TestFiles.model(ModelFiles.cascadeName)))
    return try EmotionRecognizer(files: files)
  }
}

/// A classifier that returns the mean input of each face in every class, so tests can see
/// what the recognizer fed it.
struct MeanClassifier: EmotionClassifier {
  let inputShape = [64, 64, 1]

  func predict(_ batch: Tensor) throws -> Tensor {
    let size = 64 * 64
    let count = batch.shape[0]
    var values: [Float] = []
    for face in 0..<count {
      let mean = batch.values[(face * size)..<((face + 1) * size)].reduce(0, +) / Float(size)
      values += Array(repeating: mean, count: 7)
    }
    return try Tensor(shape: [count, 7], values: values)
  }
}

@Suite("Emotion recognition")
struct EmotionRecognizerTests {
  /// Compares one image's faces with fer's: the same boxes, the same crops, scores within 1e-4.
  static func expectMatches(
    _ faces: [RecognizedFace], _ expected: [[String: Any]], cropper: FaceCropper?, _ label: String
  )
    throws
  {
    #expect(faces.count == expected.count, "\(label)")
    for (face, reference) in zip(faces, expected) {
      #expect(face.box.array == (reference["box"] as? [Int]), "\(label)")
      let scores = try #require(reference["scores"] as? [Double])
      #expect(face.scores.probabilities.count == scores.count, "\(label)")
      let worst = zip(face.scores.probabilities, scores).map { abs(Double($0) - $1) }.max() ?? 1
      #expect(worst <= 1e-4, "\(label): scores \(face.scores.probabilities) vs \(scores)")
      if let cropper, let rectangle = cropper.cropRectangle(for: face.box) {
        let crop = cropper.crop(rectangle)
        #expect(
          TestFiles.fnv1a64(try crop.resized(width: 64, height: 64).pixels) == reference["crop"] as? String,
          "\(label)")
      }
    }
  }

  @Test("Photos: the same faces, crops and scores as fer with its Keras model")
  func photos() throws {
    let recognizer = try SharedRecognizer.load()
    let reference = try TestFiles.referenceJSON("fer_reference.json")
    var faceCount = 0
    for entry in try #require(reference["entries"] as? [[String: Any]]) where entry["frame"] == nil {
      let name = try #require(entry["image"] as? String)
      let whole = entry["wholeImage"] as? Bool ?? false
      var configured = recognizer
      configured.options.wholeImage = whole
      let image = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture(name))
      let faces = try configured.recognize(image)
      let expected = try #require(entry["faces"] as? [[String: Any]])
      // Crops made gray from their own colours alone, as BlazeFace's are.
      let cropper = FaceCropper(picture: FacePicture(rgb: image), padding: 40, margin: 10)
      try Self.expectMatches(faces, expected, cropper: cropper, name)
      faceCount += faces.count
    }
    #expect(faceCount >= 8)
  }

  @Test("The top label is the highest score; labels follow the model order")
  func topLabel() throws {
    #expect(
      Emotion.allCases.map(\.rawValue) == ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"])
    #expect(EmotionRecognizer.labels == ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"])
    let face = RecognizedFace(
      box: BoundingBox(x: 0, y: 0, width: 1, height: 1),
      scores: try #require(EmotionScores(modelOrder: [0.1, 0, 0.2, 0.6, 0, 0.1, 0])))
    #expect(face.emotion == .happy)
    #expect(face.caption == "happy 60%")
    #expect(face.emotionScore == 0.6)
    #expect(face.scores[.fear] == 0.2)
    #expect(Emotion(rawValue: "bored") == nil)
    #expect(EmotionScores(modelOrder: [0.5, 0.5]) == nil, "one score per emotion, no fewer")
    // Ties go to the first in model order, as Python's max picks.
    #expect(EmotionScores(modelOrder: [0, 0.4, 0, 0, 0.4, 0, 0.2])?.dominant == .disgust)
  }

  @Test("fer's crop: square box, 10 px margins, 40 px padding with the bottom rows' mean")
  func cropping() throws {
    // 4 x 3 image; the bottom two rows hold 10, 20, 30, 40, 50, 60, 70, 81: mean 45.125 -> 45.
    let gray = try GrayImage(width: 4, height: 3, pixels: [0, 0, 0, 0, 10, 20, 30, 40, 50, 60, 70, 81])
    #expect(FaceCropper.borderValue(FacePicture(gray: gray)) == 45)
    // A tie rounds to even: mean 2.5 -> 2.
    let tie = try GrayImage(width: 2, height: 2, pixels: [2, 3, 2, 3])
    #expect(FaceCropper.borderValue(FacePicture(gray: tie)) == 2)
    let cropper = FaceCropper(picture: FacePicture(gray: gray), padding: 40, margin: 10)
    // The whole padded picture, 84 x 83: the fill all round the picture.
    let padded = cropper.crop(BoundingBox(x: 0, y: 0, width: 84, height: 83))
    #expect(padded[0, 0] == 45 && padded[40, 40] == 0 && padded[43, 42] == 81 && padded[44, 42] == 45)
    #expect(padded.pixels.filter { $0 != 45 }.count == 12, "the picture's 12 pixels, none of them 45")
    #expect(cropper.crop(BoundingBox(x: 42, y: 41, width: 3, height: 2)).pixels == [30, 40, 45, 70, 81, 45])
    // A 4 x 2 box grows to 4 x 4 upwards by (4 - 2) // 2 = 1, then by 10 px a side, shifted by 40.
    #expect(
      cropper.cropRectangle(for: BoundingBox(x: 0, y: 1, width: 4, height: 2))
        == BoundingBox(x: 30, y: 30, width: 24, height: 24))
    // Tall boxes widen to the left; crops clamp at the top-left and at the padded image's edge.
    let large = FaceCropper(
      picture: FacePicture(
        gray: try GrayImage(width: 100, height: 100, pixels: Array(repeating: 9, count: 10_000))),
      padding: 40, margin: 10)
    #expect(
      large.cropRectangle(for: BoundingBox(x: -60, y: 90, width: 20, height: 60))
        == BoundingBox(x: 0, y: 120, width: 30, height: 60))
  }

  @Test("Whole-image mode classifies the whole picture as one face")
  func wholeImage() throws {
    let recognizer = EmotionRecognizer(
      detector: HaarFaceDetector(cascade: try SharedCascade.fer.get()), classifier: MeanClassifier(),
      options: RecognitionOptions(wholeImage: true))
    let image = try GrayImage(width: 30, height: 20, pixels: Array(repeating: 255, count: 600))
    let faces = try recognizer.recognize(gray: image)
    #expect(faces.map(\.box) == [BoundingBox(x: 0, y: 0, width: 30, height: 20)])
    // Padding uses the bottom rows' mean (255), so every input value is (255 / 255 - 0.5) * 2 = 1.
    #expect(faces.first?.scores.probabilities == Array(repeating: 1, count: 7))
    let empty = EmotionRecognizer(detector: recognizer.detector, classifier: MeanClassifier())
    #expect(try empty.recognize(gray: image).isEmpty)
    var invalid = empty
    invalid.options.detection.scaleFactor = 0.5
    #expect(throws: RecognizerError.self) { try invalid.recognize(gray: image) }
  }

  @Test("Missing model files name the file, the folders searched and the fix")
  func missingModels() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      _ = try ModelFiles.locate(modelDirectory: folder.path)
      Issue.record("found models in an empty folder")
    } catch {
      #expect(error == .modelNotFound(file: "emotion_model.hdf5", searched: [folder.path]))
      #expect(error.description.contains("Tools/setup"))
    }
    let folders = ModelFiles.searchFolders(
      modelDirectory: nil, environment: ["EMOTIONS_MODEL_DIR": "/a", "XDG_DATA_HOME": "/b", "HOME": "/h"],
      currentDirectory: "/c", executable: nil)
    #expect(folders == ["/a", "/b/emotions/models", "/c/Models"])
    // Installed as <prefix>/bin/emotions, the models are in <prefix>/share/emotions/models.
    #expect(
      ModelFiles.searchFolders(
        modelDirectory: nil, environment: ["HOME": "/h"], currentDirectory: "/c",
        executable: "/usr/bin/emotions")
        == ["/h/.local/share/emotions/models", "/usr/share/emotions/models", "/c/Models"])
    #expect(
      ModelFiles.installedFolder(executable: "/h/.local/bin/emotions") == "/h/.local/share/emotions/models")
    #expect(ModelFiles.installedFolder(executable: "/src/.build/release/emotions") == nil)
    // Nothing anywhere: the message names every folder looked in.
    do {
      _ = try ModelFiles.locate(
        environment: ["EMOTIONS_MODEL_DIR": folder.path], currentDirectory: folder.path,
        executable: "/nonexistent/bin/emotions")
      Issue.record("found models where there are none")
    } catch {
      let searched = [folder.path, "/nonexistent/share/emotions/models", folder.path + "/Models"]
      #expect(error == .modelNotFound(file: "emotion_model.hdf5", searched: searched))
      #expect(error.description.contains(searched.joined(separator: ", ")))
    }
    let real = ModelFiles(
      emotionModel: URL(fileURLWithPath: try TestFiles.model(ModelFiles.emotionModelName)),
      cascade: URL(fileURLWithPath: try TestFiles.model(ModelFiles.cascadeName)))
    #expect(throws: RecognizerError.invalidOptions("scale factor must be greater than 1 (got 1.0)")) {
      try EmotionRecognizer(
        files: real, options: RecognitionOptions(detection: DetectionOptions(scaleFactor: 1)))
    }
    let broken = folder.appendingPathComponent("emotion_model.hdf5")
    try Data("not hdf5".utf8).write(to: broken)
    let files = ModelFiles(
      emotionModel: broken, cascade: URL(fileURLWithPath: try TestFiles.model(ModelFiles.cascadeName)))
    #expect(throws: RecognizerError.self) { try EmotionRecognizer(files: files) }
  }
}
