// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for the parsers that read untrusted input. Build and run them with
/// `Tools/fuzz <target> <seconds>`, which passes `-sanitize=fuzzer,address` to every module
/// so the libraries under test carry coverage instrumentation too.
let package = Package(
  name: "Fuzz",
  dependencies: [
    .package(path: "../../Packages/Navigation"),
    .package(path: "../../Packages/Media"),
    .package(path: "../../Packages/FaceDetection"),
    .package(path: "../../Packages/Inference"),
    .package(path: "../../Packages/System"),
  ],
  targets: [
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "FuzzDeepLink", dependencies: ["FuzzDriver", .product(name: "Navigation", package: "Navigation")]),
    .executableTarget(
      name: "FuzzPNG", dependencies: ["FuzzDriver", .product(name: "Media", package: "Media")]),
    .executableTarget(
      name: "FuzzJPEG", dependencies: ["FuzzDriver", .product(name: "Media", package: "Media")]),
    .executableTarget(
      name: "FuzzPPM", dependencies: ["FuzzDriver", .product(name: "Media", package: "Media")]),
    .executableTarget(
      name: "FuzzHaarCascade",
      dependencies: ["FuzzDriver", .product(name: "FaceDetection", package: "FaceDetection")]),
    .executableTarget(
      name: "FuzzKerasConfig",
      dependencies: ["FuzzDriver", .product(name: "Inference", package: "Inference")]),
    .target(name: "FuzzModelRun", dependencies: [.product(name: "Inference", package: "Inference")]),
    .executableTarget(
      name: "FuzzTFLite",
      dependencies: ["FuzzDriver", "FuzzModelRun", .product(name: "InferenceTFLite", package: "Inference")]),
    .executableTarget(
      name: "FuzzONNX",
      dependencies: ["FuzzDriver", "FuzzModelRun", .product(name: "InferenceONNX", package: "Inference")]),
    // The app's state reader lives in the executable target, which cannot be a dependency:
    // its two files are linked into this target (see Sources/FuzzAppState).
    .executableTarget(
      name: "FuzzAppState",
      dependencies: [
        "FuzzDriver", .product(name: "Navigation", package: "Navigation"),
        .product(name: "System", package: "System"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
