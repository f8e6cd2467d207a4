import Foundation
import Synchronization

/// SFace for a tracker: loaded the first time one of its embeddings is read, then kept. A video
/// whose people never need telling apart by their faces computes no embedding and never loads
/// the model (0.1 to 0.3 s); shared by the embeddings of one run, from any thread.
public final class LazyFaceEmbedder: Sendable {
  private let url: URL?
  private let loaded: Mutex<Result<FaceEmbedder, RecognizerError>?>

  /// The model at `url`, loaded when first needed.
  public init(contentsOf url: URL) {
    self.url = url
    loaded = Mutex(nil)
  }

  /// A model loaded already.
  public init(_ embedder: FaceEmbedder) {
    url = nil
    loaded = Mutex(.success(embedder))
  }

  /// The model, loaded now if it was not yet, or why it could not be.
  public var embedder: Result<FaceEmbedder, RecognizerError> {
    loaded.withLock { loaded in
      if let loaded { return loaded }
      let result: Result<FaceEmbedder, RecognizerError>
      if let url {
        result = Result { () throws(RecognizerError) in try FaceEmbedder(contentsOf: url) }
      } else {
        result = .failure(.embedding(reason: "no model"))
      }
      loaded = result
      return result
    }
  }

  /// Starts loading the model on a thread of its own, so that the first embedding read finds it
  /// loaded, or waits less: for a run that will likely need it.
  public func loadInBackground() {
    Thread.detachNewThread { [self] in _ = embedder }
  }

  /// Why the model could not be loaded, once it was tried; nil while it was not needed or loaded.
  public var failure: RecognizerError? {
    loaded.withLock { loaded in
      if case .failure(let error) = loaded { error } else { nil }
    }
  }
}
