// swift-tools-version:6.0
import PackageDescription

/// What this CPU's vectors can do: the instruction set the C kernels of Inference and of the
/// Haar scan and BlazeFace's letterbox run with (the best the CPU has, capped by `EMOTIONS_CPU`), and the extensions
/// that choose OpenBLAS's kernels. A leaf, so that FaceDetection reads the level without
/// importing the CNN runtime.
let package = Package(
  name: "Processor",
  products: [
    .library(name: "Processor", targets: ["Processor"]),
    // For C targets of other packages that dispatch on the level themselves.
    .library(name: "CProcessor", targets: ["CProcessor"]),
  ],
  targets: [
    .target(name: "CProcessor"),
    .target(name: "Processor", dependencies: ["CProcessor"]),
    .testTarget(name: "ProcessorTests", dependencies: ["Processor", "CProcessor"]),
  ],
  swiftLanguageModes: [.v6]
)
