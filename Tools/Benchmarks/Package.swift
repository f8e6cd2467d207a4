// swift-tools-version:6.0
import PackageDescription

/// Benchmarks of Emotions: the CNN, Haar detection and `emotions detect` end to end, and a
/// machine-readable mode the `peers` script uses to run the same work beside ONNX Runtime,
/// OpenCV and fer.
let package = Package(
  name: "Benchmarks",
  products: [
    .executable(name: "bench", targets: ["Benchmarks"])
  ],
  dependencies: [
    .package(path: "../../Packages/Inference"),
    .package(path: "../../Packages/FaceAnalysis"),
  ],
  targets: [
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        .product(name: "Inference", package: "Inference"),
        .product(name: "FaceAnalysis", package: "FaceAnalysis"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
