/// How a file gets a name no other has: `<stem>.<extension>`, then `<stem>-2.<extension>`,
/// `<stem>-3.<extension>`…, the first that is not taken.
public enum FreeName {
  /// The first name of the series that `isTaken` does not refuse.
  public static func first(stem: String, extension pathExtension: String, isTaken: (String) -> Bool) -> String
  {
    var name = "\(stem).\(pathExtension)"
    var counter = 2
    while isTaken(name) {
      name = "\(stem)-\(counter).\(pathExtension)"
      counter += 1
    }
    return name
  }
}
