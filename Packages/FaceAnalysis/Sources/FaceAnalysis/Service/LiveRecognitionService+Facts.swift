import Foundation
import Inference

extension LiveRecognitionService {
  /// What this service runs, as labelled lines for an About screen: the model with its size,
  /// its classes, where its files were found, the BLAS library and the instruction set of the
  /// project's own kernels. A missing model is a fact too.
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
      facts.append(("Classes", recognizer.labels.joined(separator: ", ")))
      facts.append(("Model files", files.emotionModel.deletingLastPathComponent().path))
    } catch {
      facts.append(("Model", error.description))
    }
    facts.append(("BLAS", BLASConfiguration.current.description))
    facts.append(("Kernels", KernelConfiguration.summary))
    return facts
  }
}
