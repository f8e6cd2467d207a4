import Glibc

// Broken on purpose: a package other than System cuts a file itself instead of
// FileDescriptor.truncate(to:).
func empty(_ descriptor: Int32) -> Bool {
  ftruncate(descriptor, 0) == 0
}
