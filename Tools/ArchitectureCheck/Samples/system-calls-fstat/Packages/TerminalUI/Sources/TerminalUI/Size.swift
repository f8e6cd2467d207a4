import Glibc

// Broken on purpose: a package other than System reads a descriptor's status with `fstat`.
func size(of descriptor: Int32) -> Int {
  var info = Glibc.stat()
  return fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
}
