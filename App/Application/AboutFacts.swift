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
      if let model = recognizer.classifier as? KerasModel {
        let parameters = model.summary.parameters.formatted(.number)
        let megaflops = Double(model.summary.flops) / 1e6
        facts.append(
          (
            "Model",
            "mini-Xception (fer 25.10.3), \(parameters) parameters, \(megaflops.formatted(.number.precision(.fractionLength(1)))) MFLOP a face"
          ))
      }
      facts.append(("Classes", recognizer.labels.joined(separator: ", ")))
      facts.append(("Model files", files.emotionModel.deletingLastPathComponent().path))
    } catch {
      facts.append(("Model", error.description))
    }
    facts.append(("BLAS", BLASConfiguration.current.description))
    return facts
  }
}
