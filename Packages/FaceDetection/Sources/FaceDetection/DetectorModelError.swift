/// A face detector's model file that could not be loaded, or is not the model it should be.
public struct DetectorModelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// What went wrong, in a few words.
  public var reason: String

  /// A failure to load `path`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `path: cannot load the face detector's model: reason`.
  public var description: String { "\(path): cannot load the face detector's model: \(reason)" }
}
