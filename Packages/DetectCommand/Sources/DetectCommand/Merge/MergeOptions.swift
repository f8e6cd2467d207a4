/// Options of `emotions merge`.
public struct MergeOptions: Equatable, Sendable {
  /// The parts of one sharded run: the `--output` files of `detect --shard K/N`, in any order.
  public var parts: [String] = []
  /// The file the merged records go to (`--output`).
  public var output: String?
  /// Replace `output` when it exists (`--overwrite`); a part is never replaced.
  public var overwrite = false

  /// No parts yet.
  public init() {}
}
