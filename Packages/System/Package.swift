// swift-tools-version:6.0
import PackageDescription

/// POSIX once, for every other package: the syscall helper that retries interrupted calls,
/// file descriptors, child processes, atomic files, and the process's cleanup on its exit paths. A leaf: it
/// depends on nothing of ours.
let package = Package(
  name: "System",
  products: [
    .library(name: "System", targets: ["System"]),
    // The tests' child processes: deadlines, pipes read to the end, ended on the way out.
    .library(name: "SystemTesting", targets: ["SystemTesting"]),
  ],
  targets: [
    // Signals, the saved terminal settings and what Swift cannot see of glibc; `csystem_` symbols.
    .target(name: "CSystem"),
    // The C library for System's own files (not a product, and not re-exported by System).
    .target(name: "SystemLibc"),
    .target(name: "System", dependencies: ["CSystem", "SystemLibc"]),
    .target(name: "SystemTesting", dependencies: ["System"]),
    .testTarget(name: "SystemTests", dependencies: ["System", "SystemLibc", "SystemTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
