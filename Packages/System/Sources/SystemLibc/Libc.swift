// The one place that names the C library. System's own files import this target; System does
// not re-export it, so importing System hands out System's API and not libc, and the platform
// test is written once.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif
