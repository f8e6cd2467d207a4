import Glibc

// Broken on purpose: a package other than System signals a process itself instead of through
// System's Subprocess or CurrentProcess. A method `kill()` is fine; the call below is not.
func stop(_ pid: Int32) {
  _ = kill(pid, SIGTERM)
}
