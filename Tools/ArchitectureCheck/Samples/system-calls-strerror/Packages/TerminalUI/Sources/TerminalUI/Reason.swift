import Glibc

// Broken on purpose: a package other than System turns errno into text itself instead of
// through System's Errno.
func reason(_ code: Int32) -> String {
  String(cString: strerror(code))
}
