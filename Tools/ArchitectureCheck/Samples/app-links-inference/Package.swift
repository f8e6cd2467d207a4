// swift-tools-version:6.0
import PackageDescription

// The composition root linking Inference itself, instead of reaching it through FaceAnalysis.
let package = Package(
  name: "Emotions",
  dependencies: [.package(path: "Packages/Navigation"), .package(path: "Packages/Inference")],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "Inference", package: "Inference"),
      ],
      path: "App")
  ],
  swiftLanguageModes: [.v6]
)
