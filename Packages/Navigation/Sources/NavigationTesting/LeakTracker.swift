/// Remembers objects weakly, so a test can check that they were released.
///
/// ```swift
/// let leaks = LeakTracker()
/// leaks.track(coordinator, "AboutAppCoordinator")
/// …finish the flow…
/// #expect(leaks.alive.isEmpty)
/// ```
///
/// It lives on the main actor, as the coordinators and ``TestRouter`` it watches do.
@MainActor
public final class LeakTracker {
  private final class WeakReference {
    weak var object: AnyObject?
    let name: String
    init(_ object: AnyObject, name: String) {
      self.object = object
      self.name = name
    }
  }

  private var references: [WeakReference] = []

  /// Creates a tracker that tracks nothing yet.
  public init() {}

  /// Tracks `object` under `name` without retaining it.
  public func track(_ object: AnyObject, _ name: String? = nil) {
    references.append(WeakReference(object, name: name ?? String(describing: type(of: object))))
  }

  /// The names of the tracked objects still alive.
  public var alive: [String] {
    references.filter { $0.object != nil }.map(\.name)
  }

  /// How many objects are tracked, alive or not.
  public var count: Int { references.count }
}
