import Synchronization

/// A face's embedding computed the first time it is read, and kept. The tracker is given one for
/// each face it asks about (``FaceTracker/needsEmbeddings(at:faces:)``) and reads it only where a
/// decision depends on it, so a video whose people never leave, or come back at once, computes
/// few embeddings or none. The computation must give the same vector whenever it runs (it is a
/// model run on a picture kept when the face was seen), so that the tracker stays a function of
/// its frames.
public final class DeferredEmbedding: Sendable {
  private enum State {
    case pending(@Sendable () -> [Float]?)
    case computed([Float]?)
  }

  private let state: Mutex<State>

  /// An embedding `compute` makes when it is first read; nil from it means none could be made.
  public init(computing compute: @escaping @Sendable () -> [Float]?) {
    state = Mutex(.pending(compute))
  }

  /// An embedding already computed.
  public init(_ embedding: [Float]) {
    state = Mutex(.computed(embedding))
  }

  /// The embedding, computed now if it was not yet; nil when it could not be.
  public var value: [Float]? {
    state.withLock { state in
      switch state {
      case .computed(let value): return value
      case .pending(let compute):
        let value = compute()
        state = .computed(value)
        return value
      }
    }
  }

  /// Whether the embedding was computed (or given).
  public var isComputed: Bool {
    state.withLock { if case .computed = $0 { true } else { false } }
  }
}
