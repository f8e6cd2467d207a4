import Glibc

// Broken on purpose: a package other than System syncs a file itself instead of
// FileDescriptor.synchronize.
func flush(_ descriptor: Int32) -> Bool {
  fsync(descriptor) == 0
}
