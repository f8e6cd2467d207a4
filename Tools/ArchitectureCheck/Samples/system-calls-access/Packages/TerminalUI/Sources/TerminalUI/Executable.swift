import Glibc

// Broken on purpose: a package other than System asks whether it may run a file itself,
// instead of through System's PathStatus.isExecutable.
func canRun(_ path: String) -> Bool {
  access(path, X_OK) == 0
}
