// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "MainFlow",
  products: [
    .library(name: "MainFlow", targets: ["MainFlow"]),
    .executable(name: "MainFlowDemo", targets: ["MainFlowDemo"]),
  ],
  dependencies: [
    .package(path: "../Navigation"),
    .package(path: "../TerminalUI"),
    .package(path: "../FaceAnalysis"),
  ],
  targets: [
    .target(
      name: "MainFlow",
      dependencies: [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
        .product(name: "FaceAnalysisInterface", package: "FaceAnalysis"),
      ]
    ),
    .executableTarget(
      name: "MainFlowDemo",
      dependencies: [
        "MainFlow",
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
        .product(name: "FaceAnalysisTesting", package: "FaceAnalysis"),
      ]
    ),
    .testTarget(
      name: "MainFlowTests",
      dependencies: [
        "MainFlow",
        .product(name: "NavigationTesting", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
        .product(name: "TerminalUITesting", package: "TerminalUI"),
        .product(name: "FaceAnalysisInterface", package: "FaceAnalysis"),
        .product(name: "FaceAnalysisTesting", package: "FaceAnalysis"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
