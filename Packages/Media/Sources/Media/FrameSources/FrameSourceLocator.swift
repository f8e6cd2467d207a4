/// An input as the user named it (a path, `/dev/videoN`, `lavfi:<graph>`, `@list.txt`) with
/// what it was found to be, so that it is classified once and then passed on as a value.
public struct FrameSourceLocator: Sendable, Hashable {
  /// The input as given.
  public let input: String
  /// What the input is.
  public let kind: FrameSourceKind

  /// Whether the input is a video, a camera or a graph, whose frames come in time.
  public var isStream: Bool { kind.isStream }
}
