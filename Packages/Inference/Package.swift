// swift-tools-version:6.0
import PackageDescription

/// The CNN runtime: a graph of layers planned once and run on OpenBLAS's `cblas_sgemm` and our
/// own C kernels. Its importers are targets of their own over the shared core, so that a
/// program running only TFLite models (BlazeFace) links no libhdf5.
let package = Package(
  name: "Inference",
  products: [
    .library(name: "Inference", targets: ["Inference"]),
    .library(name: "InferenceKeras", targets: ["InferenceKeras"]),
    .library(name: "InferenceTFLite", targets: ["InferenceTFLite"]),
    .library(name: "InferenceONNX", targets: ["InferenceONNX"]),
    .executable(name: "inference-run", targets: ["InferenceRun"]),
  ],
  dependencies: [
    .package(path: "../Processor"),
    // LockedValue, the project's one lock.
    .package(path: "../System"),
  ],
  targets: [
    // Loads Debian's libopenblas0 at first use (see its header), so no link flag.
    .target(name: "CInferenceBLAS", linkerSettings: [.linkedLibrary("dl")]),
    .systemLibrary(
      name: "CHDF5",
      pkgConfig: "hdf5",
      providers: [.apt(["libhdf5-dev"])]
    ),
    .target(name: "CInference", dependencies: [.product(name: "CProcessor", package: "Processor")]),
    .target(
      name: "Inference",
      dependencies: [
        "CInferenceBLAS", "CInference", .product(name: "Processor", package: "Processor"),
        .product(name: "System", package: "System"),
      ]),
    .target(
      name: "InferenceKeras",
      dependencies: ["Inference", "CHDF5", .product(name: "System", package: "System")]),
    .target(name: "InferenceTFLite", dependencies: ["Inference"]),
    .target(
      name: "InferenceONNX", dependencies: ["Inference", .product(name: "System", package: "System")]),
    .executableTarget(
      name: "InferenceRun",
      dependencies: ["InferenceKeras", .product(name: "Processor", package: "Processor")]),
    .testTarget(
      name: "InferenceTests",
      dependencies: ["Inference", "InferenceKeras", "InferenceTFLite", "InferenceONNX"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
