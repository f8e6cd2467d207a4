// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Inference",
  products: [
    .library(name: "Inference", targets: ["Inference"]),
    .executable(name: "inference-run", targets: ["InferenceRun"]),
  ],
  targets: [
    .systemLibrary(
      name: "COpenBLAS",
      pkgConfig: "openblas",
      providers: [.apt(["libopenblas-dev"])]
    ),
    .systemLibrary(
      name: "CHDF5",
      pkgConfig: "hdf5",
      providers: [.apt(["libhdf5-dev"])]
    ),
    .target(name: "InferenceCKernels"),
    .target(name: "Inference", dependencies: ["COpenBLAS", "CHDF5", "InferenceCKernels"]),
    .executableTarget(name: "InferenceRun", dependencies: ["Inference"]),
    .testTarget(
      name: "InferenceTests",
      dependencies: ["Inference"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
