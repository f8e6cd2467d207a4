/// What a face looks like to the tracker: the running mean of its embeddings (SFace's unit
/// vectors), compared with another face's by cosine similarity. Empty until an embedding is added.
public struct Appearance: Sendable, Equatable {
  /// The sum of the embeddings added.
  private var sum: [Double] = []
  /// How many embeddings were added.
  public private(set) var count = 0

  /// An appearance with no embedding yet.
  public init() {}

  /// Adds one embedding; one of another length than the first is ignored.
  public mutating func add(_ embedding: [Float]) {
    if sum.isEmpty { sum = Array(repeating: 0, count: embedding.count) }
    guard embedding.count == sum.count, !embedding.isEmpty else { return }
    for index in sum.indices { sum[index] += Double(embedding[index]) }
    count += 1
  }

  /// Adds every embedding of another appearance (a person's, when a track is found to be them).
  public mutating func merge(_ other: Appearance) {
    guard other.count > 0 else { return }
    if sum.isEmpty { sum = Array(repeating: 0, count: other.sum.count) }
    guard other.sum.count == sum.count else { return }
    for index in sum.indices { sum[index] += other.sum[index] }
    count += other.count
  }

  /// The cosine similarity of the mean with `embedding` (1 the same direction, 0 unrelated);
  /// nil while either is empty or their lengths differ.
  public func similarity(to embedding: [Float]) -> Double? {
    Self.cosine(sum, embedding.map(Double.init))
  }

  /// The cosine similarity of the two means; nil while either is empty.
  public func similarity(to other: Appearance) -> Double? {
    Self.cosine(sum, other.sum)
  }

  private static func cosine(_ a: [Double], _ b: [Double]) -> Double? {
    guard !a.isEmpty, a.count == b.count else { return nil }
    var dot = 0.0
    var aa = 0.0
    var bb = 0.0
    for index in a.indices {
      dot += a[index] * b[index]
      aa += a[index] * a[index]
      bb += b[index] * b[index]
    }
    guard aa > 0, bb > 0 else { return nil }
    return dot / (aa.squareRoot() * bb.squareRoot())
  }
}
