/// Which face detector finds the faces: MediaPipe's BlazeFace CNN, full range (the default)
/// or short range, or OpenCV's Haar cascade with fer's settings (fer-exact).
public enum FaceDetectorKind: String, CaseIterable, Sendable, Codable {
  /// The Haar cascade, as fer runs it: frontal faces, answers equal to fer's.
  case haar
  /// BlazeFace full range (192x192 input): faces up to about 5 m away, turned and tilted ones.
  case blazeFace = "blazeface"
  /// BlazeFace short range (128x128 input): faces within about 2 m of a camera.
  case blazeFaceShort = "blazeface-short"

  /// The detector that runs unless another is asked for: BlazeFace full range, which finds far
  /// more faces than the Haar cascade, faster.
  public static let standard = FaceDetectorKind.blazeFace

  /// The name people read, such as `BlazeFace (full range)`.
  public var displayName: String {
    switch self {
    case .haar: return "Haar cascade"
    case .blazeFace: return "BlazeFace (full range)"
    case .blazeFaceShort: return "BlazeFace (short range)"
    }
  }

  /// The next kind in ``allCases`` order, wrapping around: what a key that switches detectors
  /// picks.
  public var next: FaceDetectorKind {
    let all = Self.allCases
    let index = all.firstIndex(of: self) ?? all.startIndex
    return all[(index + 1) % all.count]
  }
}
