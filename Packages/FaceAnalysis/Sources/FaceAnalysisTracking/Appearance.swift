/// What a face looks like to the tracker: the mean of its embeddings (SFace's unit vectors),
/// compared with another face's by cosine similarity. It keeps the embeddings themselves, each
/// computed only when a comparison reads it (``DeferredEmbedding``): the first
/// ``keptEarliest`` and the latest ones, up to ``capacity``, so that a person followed for an
/// hour holds a few pictures, not thousands.
public struct Appearance: Sendable, Equatable {
  /// The embeddings kept, oldest first.
  private var samples: [DeferredEmbedding] = []

  /// How many embeddings an appearance keeps at most.
  public static let capacity = 4
  /// How many of the first embeddings it always keeps; later ones replace each other.
  public static let keptEarliest = 2

  /// An appearance with no embedding yet.
  public init() {}

  /// How many embeddings it holds, computed or not.
  public var count: Int { samples.count }

  /// Whether every embedding it holds was computed.
  public var isComputed: Bool { samples.allSatisfy(\.isComputed) }

  /// Adds one embedding, computed already.
  public mutating func add(_ embedding: [Float]) {
    add(DeferredEmbedding(embedding))
  }

  /// Adds one embedding, computed when a comparison first reads it.
  public mutating func add(_ sample: DeferredEmbedding) {
    if samples.count >= Self.capacity { samples.remove(at: Self.keptEarliest) }
    samples.append(sample)
  }

  /// Adds every embedding of another appearance (a person's, when a track is found to be them).
  public mutating func merge(_ other: Appearance) {
    for sample in other.samples { add(sample) }
  }

  /// The cosine similarity of the mean with `embedding` (1 the same direction, 0 unrelated),
  /// computing what it holds; nil while either is empty or their lengths differ.
  public func similarity(to embedding: [Float]) -> Double? {
    Self.cosine(mean(computing: true), embedding.map(Double.init))
  }

  /// The cosine similarity with `embedding` of the mean of the embeddings computed so far.
  func computedSimilarity(to embedding: [Float]) -> Double? {
    Self.cosine(mean(computing: false), embedding.map(Double.init))
  }

  /// The cosine similarity with `embedding` of the mean of the embeddings computed so far, the
  /// latest computed first if none was: a check of one face costs one embedding at most.
  func checkedSimilarity(to embedding: [Float]) -> Double? {
    if !samples.contains(where: \.isComputed) { _ = samples.last?.value }
    return Self.cosine(mean(computing: false), embedding.map(Double.init))
  }

  /// The cosine similarity of the two means, computing what both hold; nil while either is empty.
  public func similarity(to other: Appearance) -> Double? {
    Self.cosine(mean(computing: true), other.mean(computing: true))
  }

  /// The sum of the embeddings (of the first one's length; others are left out), from all of them
  /// or only those computed already. Empty when there is none.
  private func mean(computing: Bool) -> [Double] {
    var sum: [Double] = []
    for sample in samples where computing || sample.isComputed {
      guard let embedding = sample.value, !embedding.isEmpty else { continue }
      if sum.isEmpty { sum = Array(repeating: 0, count: embedding.count) }
      guard embedding.count == sum.count else { continue }
      for index in sum.indices { sum[index] += Double(embedding[index]) }
    }
    return sum
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

extension DeferredEmbedding: Equatable {
  /// The same embedding object: comparing values would compute them.
  public static func == (lhs: DeferredEmbedding, rhs: DeferredEmbedding) -> Bool { lhs === rhs }
}
