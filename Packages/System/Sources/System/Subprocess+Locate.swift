import SystemLibc

extension Subprocess {
  /// The full path of the executable `name`: `name` itself when it holds a slash, else the
  /// first executable match in the folders of `searchPath` (the process's `PATH` by default,
  /// or the usual folders when it has none). Nil when there is none.
  public static func locate(_ name: String, searchPath: String? = nil) -> String? {
    if name.contains("/") { return PathStatus.isExecutable(name) ? name : nil }
    let folders = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in folders.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if PathStatus.isExecutable(candidate) { return candidate }
    }
    return nil
  }
}

extension Subprocess {
  /// Whether a process with id `pid` exists (a zombie not yet reaped included): `kill(pid, 0)`.
  public static func isAlive(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}
