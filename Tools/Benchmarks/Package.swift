// swift-tools-version:6.0
import PackageDescription

/// Benchmarks of Emotions: the CNN, Haar detection, `emotions detect` end to end and the
/// Vision screen's picture per graphics mode, and a
/// machine-readable mode the `peers` script uses to run the same work beside ONNX Runtime,
/// OpenCV and fer.
let package = Package(
  name: "Benchmarks",
  products: [
    .executable(name: "bench", targets: ["Benchmarks"])
  ],
  dependencies: [
    .package(path: "../../Packages/Inference"),
    .package(path: "../../Packages/Processor"),
    .package(path: "../../Packages/FaceAnalysis"),
    .package(path: "../../Packages/FaceDetection"),
    .package(path: "../../Packages/Media"),
    .package(path: "../../Packages/TerminalUI"),
    .package(path: "../../Packages/System"),
  ],
  targets: [
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        .product(name: "Inference", package: "Inference"),
        .product(name: "InferenceKeras", package: "Inference"),
        .product(name: "InferenceTFLite", package: "Inference"),
        .product(name: "InferenceONNX", package: "Inference"),
        .product(name: "Processor", package: "Processor"),
        .product(name: "FaceAnalysis", package: "FaceAnalysis"),
        .product(name: "FaceDetection", package: "FaceDetection"),
        .product(name: "Media", package: "Media"),
        .product(name: "FaceAnalysisTracking", package: "FaceAnalysis"),
        .product(name: "TerminalUI", package: "TerminalUI"),
        .product(name: "TerminalUISixel", package: "TerminalUI"),
        .product(name: "System", package: "System"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
