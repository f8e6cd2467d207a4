import Glibc

// Broken on purpose: a package other than System asks `stat` what is at a path instead of
// System's PathStatus or FileIdentity.
func isFolder(_ path: String) -> Bool {
  var info = Glibc.stat()
  return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
}
