// swift-tools-version:6.0
import PackageDescription

// The interface product builds on its own implementation target, not on Pixels alone.
let package = Package(
  name: "FaceAnalysis",
  products: [
    .library(name: "FaceAnalysis", targets: ["FaceAnalysis"]),
    .library(name: "FaceAnalysisInterface", targets: ["FaceAnalysisInterface"]),
  ],
  dependencies: [.package(path: "../Pixels")],
  targets: [
    .target(name: "FaceAnalysis", dependencies: [.product(name: "Pixels", package: "Pixels")]),
    .target(
      name: "FaceAnalysisInterface",
      dependencies: ["FaceAnalysis", .product(name: "Pixels", package: "Pixels")]),
  ],
  swiftLanguageModes: [.v6]
)
