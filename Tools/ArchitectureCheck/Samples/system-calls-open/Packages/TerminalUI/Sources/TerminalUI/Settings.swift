import Glibc

// Broken on purpose: a package other than System opens a file with the C call instead of
// System's FileDescriptor.open. A method named `open(link)` is fine; the call below is not.
func openSettings(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_CLOEXEC)
}
