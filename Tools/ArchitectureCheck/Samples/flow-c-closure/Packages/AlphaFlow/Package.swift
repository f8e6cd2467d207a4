// swift-tools-version:6.0
import PackageDescription

// AlphaFlow depends on the implementation, not the interface: its closure holds CStandIn.
let package = Package(
  name: "AlphaFlow",
  products: [.library(name: "AlphaFlow", targets: ["AlphaFlow"])],
  dependencies: [
    .package(path: "../Navigation"), .package(path: "../TerminalUI"), .package(path: "../FaceAnalysis"),
  ],
  targets: [
    .target(
      name: "AlphaFlow",
      dependencies: [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
        .product(name: "FaceAnalysis", package: "FaceAnalysis"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
