/// Something a flow needs the user to do on launch before any other screen, such as
/// accepting the terms of use, declared by the flow's factory.
///
/// The app runs the flow with ``link`` on an empty stack while the requirement is not met at
/// ``version``; the flow finishing `.completed` meets it, and anything else ends the app.
public struct LaunchRequirement: Hashable, Sendable {
  /// A stable name, under which the app remembers that it was met, such as `consent`.
  public var id: String
  /// The version of what the user agrees to; a higher one asks again.
  public var version: Int
  /// The link that starts it in the flow.
  public var link: DeepLink

  /// Declares a requirement.
  public init(id: String, version: Int, link: DeepLink) {
    self.id = id
    self.version = version
    self.link = link
  }
}
