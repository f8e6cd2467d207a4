import Navigation

/// Weak references to every coordinator, screen and presenter a flow showed, so that
/// conformance can name what is still alive when it should not be.
///
/// A screen's presenter is found without the flow's help: the objects a screen holds in its
/// stored properties (read with `Mirror`) whose types belong to the screen's own module,
/// coordinators aside (they are counted from the coordinator tree).
@MainActor
final class ObjectCensus {
  private struct Record {
    weak var object: AnyObject?
    let name: String
  }

  private var records: [Record] = []

  /// Records the screens of `entries`, the objects they hold, and the coordinator tree of `root`.
  func record(entries: [RouteEntry], coordinators root: (any Coordinator)?) {
    for entry in entries {
      let screenName = String(describing: type(of: entry.screen))
      record(entry.screen, as: "\(screenName) (screen \(entry.route.screen))")
      for held in Self.heldObjects(of: entry.screen) {
        record(held, as: "\(String(describing: type(of: held))) (held by \(screenName))")
      }
    }
    if let root {
      for coordinator in Self.tree(of: root) {
        record(coordinator, as: "\(String(describing: type(of: coordinator))) (coordinator)")
      }
    }
  }

  /// The names of recorded objects still alive that are neither shown by `entries`, held by
  /// their screens, nor in the coordinator tree of `root`.
  func alive(except entries: [RouteEntry], coordinators root: (any Coordinator)?) -> [String] {
    records.removeAll { $0.object == nil }
    var kept: [AnyObject] = entries.flatMap { [$0.screen] + Self.heldObjects(of: $0.screen) }
    if let root { kept += Self.tree(of: root) }
    return records.filter { record in
      guard let object = record.object else { return false }
      return !kept.contains { $0 === object }
    }.map(\.name)
  }

  private func record(_ object: AnyObject, as name: String) {
    guard !records.contains(where: { $0.object === object }) else { return }
    records.append(Record(object: object, name: name))
  }

  /// `root` and all its descendants.
  private static func tree(of root: any Coordinator) -> [any Coordinator] {
    [root] + root.children.flatMap { tree(of: $0) }
  }

  /// The objects `object` holds in its stored properties (its own and its superclasses'),
  /// whose types are declared in the module of `object`'s type, coordinators aside.
  private static func heldObjects(of object: AnyObject) -> [AnyObject] {
    let module = moduleName(of: object)
    var found: [AnyObject] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard let held = classInstance(in: child.value), held !== object, !(held is any Coordinator),
          moduleName(of: held) == module, !found.contains(where: { $0 === held })
        else { continue }
        found.append(held)
      }
      mirror = current.superclassMirror
    }
    return found
  }

  /// The class instance in `value`, looking through optionals (weak references included).
  private static func classInstance(in value: Any) -> AnyObject? {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .class: return value as AnyObject
    case .optional: return mirror.children.first.flatMap { classInstance(in: $0.value) }
    default: return nil
    }
  }

  /// `AboutAppFlow` for an `AboutAppFlow.AboutAppPresenter`.
  private static func moduleName(of object: AnyObject) -> Substring {
    String(reflecting: type(of: object)).prefix { $0 != "." }
  }
}
