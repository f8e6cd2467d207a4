import FaceAnalysisInterface
import System

/// A recognition service for tests and demos: every name starts a ``FakeRecognitionSession``
/// playing `script(name)`; names starting with `missing` do not exist.
public final class FakeRecognitionService: RecognitionService, Sendable {
  private let script: @Sendable (String) -> FakeScript
  private let started = LockedValue<[FakeRecognitionSession]>([])

  /// A service playing `script` for each source.
  public init(
    script: @escaping @Sendable (String) -> FakeScript = { FakeScript(name: $0) }
  ) {
    self.script = script
  }

  /// The sessions started so far, oldest first.
  public var sessions: [FakeRecognitionSession] { started.withLock { $0 } }

  /// Valid, summarised as `fake <source>`, unless the name starts with `missing`.
  public func inspect(source: String) -> SourceInspection {
    source.hasPrefix("missing")
      ? .invalid(reason: "no such file: \(source)") : .valid(summary: "fake \(source)")
  }

  /// Starts playing the source's script.
  public func startSession(
    source: String, policy: RecognitionPolicy, delivery: RecognitionDelivery
  ) -> any RecognitionSession {
    let session = FakeRecognitionSession(
      source: source, script: script(source), policy: policy, delivery: delivery)
    started.withLock { $0.append(session) }
    session.start()
    return session
  }
}
