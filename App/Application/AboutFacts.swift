import FaceAnalysis
import Foundation
import Inference

/// The facts the About screen shows: the model, its classes and size, the BLAS library and
/// where the model files were found.
@MainActor
enum AboutFacts {
  /// Reads the facts now; a missing model is a fact too.
  static func current(recognition: LiveRecognitionService) -> [(label: String, value: String)] {
    var facts: [(label: String, value: String)] = []
    do {
      let files = try recognition.modelFiles()
      let recognizer = try recognition.recognizer()
      var model = ModelFiles.emotionModelDescription
      if let summary = recognizer.classifier.modelSummary {
        let megaflops = Double(summary.flops) / 1e6
        model +=
          ", \(summary.parameters.formatted(.number)) parameters, "
          + "\(megaflops.formatted(.number.precision(.fractionLength(1)))) MFLOP a face"
      }
      facts.append(("Model", model))
      facts.append(("Classes", recognizer.labels.joined(separator: ", ")))
      facts.append(("Model files", files.emotionModel.deletingLastPathComponent().path))
    } catch {
      facts.append(("Model", error.description))
    }
    facts.append(("BLAS", BLASConfiguration.current.description))
    return facts
  }
}
