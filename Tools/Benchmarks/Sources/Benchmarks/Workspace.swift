import FaceAnalysis
import Foundation
import Inference
import InferenceKeras

/// Where the repository's models, fixtures and release binary are, and the loaded models.
struct Workspace {
  /// The repository root (found from this file's path, so `bench` runs from any folder).
  let root: URL
  /// The model files.
  let files: ModelFiles

  /// The workspace of the repository this package lives in.
  init() {
    root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let models = root.appendingPathComponent("Models")
    files = ModelFiles(
      emotionModel: models.appendingPathComponent(ModelFiles.emotionModelName),
      cascade: models.appendingPathComponent(ModelFiles.cascadeName))
  }

  /// A fixture file's path.
  func fixture(_ name: String) -> String {
    root.appendingPathComponent("Fixtures").appendingPathComponent(name).path
  }

  /// The release `emotions` binary of the root package.
  var emotionsBinary: String {
    root.appendingPathComponent(".build/release/emotions").path
  }

  /// The emotion model.
  func loadModel() throws -> KerasModel {
    try KerasModel(contentsOf: files.emotionModel, labels: EmotionRecognizer.labels)
  }

  /// The face detector.
  func loadDetector() throws -> HaarFaceDetector {
    try HaarFaceDetector(contentsOfFile: files.detectorModel.path)
  }

  /// A BlazeFace detector (full or short range).
  func loadBlazeFace(_ model: BlazeFaceModel) throws -> BlazeFaceDetector {
    try BlazeFaceDetector(
      contentsOf: root.appendingPathComponent("Models").appendingPathComponent(model.fileName), model: model)
  }
}
