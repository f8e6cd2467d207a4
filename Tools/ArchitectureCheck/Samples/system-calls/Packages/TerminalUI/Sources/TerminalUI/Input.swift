import Glibc

// Broken on purpose: a package other than System retries interrupted reads itself, instead of
// System's `syscall { read(…) }`. A comment naming EINTR, like this one, is fine.
func readInput(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
  while true {
    let count = read(0, buffer.baseAddress, buffer.count)
    if count < 0, errno == EINTR { continue }
    return count
  }
}
