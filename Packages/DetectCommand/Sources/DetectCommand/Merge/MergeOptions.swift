/// Options of `emotions merge`.
public struct MergeOptions: Equatable, Sendable {
  /// The parts of one sharded run: the `--output` files of `detect --shard K/N`, in any order.
  public var parts: [String] = []
  /// The file the merged records go to (`--output`).
  public var output: String?
  /// Replace `output` when it exists (`--overwrite`); a part is never replaced.
  public var overwrite = false
  /// The file the merged `--summary` rows go to, from the summary parts among ``parts``.
  public var summary: String?

  /// No parts yet.
  public init() {}
}
