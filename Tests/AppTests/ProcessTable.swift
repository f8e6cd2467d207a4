import Foundation

/// The processes whose parent is `pid`, with their command names, read from /proc.
func childProcesses(of pid: pid_t) -> [(pid: pid_t, command: String)] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry -> (pid_t, String)? in
    guard let child = pid_t(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    // Fields after the command: state, then the parent's pid.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 1, pid_t(fields[1]) == pid else { return nil }
    return (child, String(stat[stat.index(after: open)..<close]))
  }
}

/// Whether a process is still alive: it exists and is not a zombie waiting to be reaped.
func isAlive(_ pid: pid_t) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  return !stat[stat.index(after: close)...].hasPrefix(" Z")
}
