import Glibc

// Broken on purpose: a package other than System starts a program itself, instead of with
// System's Subprocess. A string saying "posix_spawn(" is fine; the call below is not.
func openBrowser(_ link: String) -> pid_t {
  var pid: pid_t = 0
  let argv: [UnsafeMutablePointer<CChar>?] = [strdup("xdg-open"), strdup(link), nil]
  _ = posix_spawnp(&pid, "xdg-open", nil, nil, argv, environ)
  return pid
}
