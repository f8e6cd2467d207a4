import FaceDetection

extension FaceDetectorKind {
  /// The BlazeFace model this kind runs; nil for the Haar cascade.
  var blazeFaceModel: BlazeFaceModel? {
    switch self {
    case .haar: return nil
    case .blazeFace: return .fullRange
    case .blazeFaceShort: return .shortRange
    }
  }
}
