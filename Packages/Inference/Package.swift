// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Inference",
  products: [
    .library(name: "Inference", targets: ["Inference"]),
    .executable(name: "inference-run", targets: ["InferenceRun"]),
  ],
  targets: [
    // Loads Debian's libopenblas0 at first use (see its header), so no link flag.
    .target(name: "COpenBLAS", linkerSettings: [.linkedLibrary("dl")]),
    .systemLibrary(
      name: "CHDF5",
      pkgConfig: "hdf5",
      providers: [.apt(["libhdf5-dev"])]
    ),
    .target(name: "CInference"),
    .target(name: "Inference", dependencies: ["COpenBLAS", "CHDF5", "CInference"]),
    .executableTarget(name: "InferenceRun", dependencies: ["Inference"]),
    .testTarget(
      name: "InferenceTests",
      dependencies: ["Inference"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
