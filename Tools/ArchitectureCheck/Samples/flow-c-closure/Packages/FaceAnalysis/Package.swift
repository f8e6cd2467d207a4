// swift-tools-version:6.0
import PackageDescription

// A stand-in with an interface product and an implementation that has a C target.
let package = Package(
  name: "FaceAnalysis",
  products: [
    .library(name: "FaceAnalysis", targets: ["FaceAnalysis"]),
    .library(name: "FaceAnalysisInterface", targets: ["FaceAnalysisInterface"]),
  ],
  targets: [
    .target(name: "CStandIn"),
    .target(name: "FaceAnalysisInterface"),
    .target(name: "FaceAnalysis", dependencies: ["CStandIn", "FaceAnalysisInterface"]),
  ],
  swiftLanguageModes: [.v6]
)
