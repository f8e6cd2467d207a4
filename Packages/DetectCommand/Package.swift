// swift-tools-version:6.0
import PackageDescription

/// `emotions detect`, `emotions merge` and `emotions report`: their option tables and parsing,
/// the inputs planned and recognised into records (a table, JSON lines, CSV), `--output` and
/// `--resume`, `--annotate` pictures and videos, the `--timeline`, and the HTML report. The
/// app only dispatches.
let package = Package(
  name: "DetectCommand",
  products: [
    .library(name: "DetectCommand", targets: ["DetectCommand"])
  ],
  dependencies: [
    .package(path: "../FaceAnalysis"),
    .package(path: "../Media"),
    .package(path: "../OptionTable"),
    .package(path: "../System"),
  ],
  targets: [
    .target(
      name: "DetectCommand",
      dependencies: [
        .product(name: "FaceAnalysis", package: "FaceAnalysis"),
        .product(name: "FaceAnalysisTracking", package: "FaceAnalysis"),
        .product(name: "Media", package: "Media"),
        .product(name: "OptionTable", package: "OptionTable"),
        .product(name: "System", package: "System"),
      ]
    ),
    .testTarget(
      name: "DetectCommandTests",
      dependencies: [
        "DetectCommand",
        .product(name: "OptionTable", package: "OptionTable"),
        .product(name: "System", package: "System"),
        .product(name: "SystemTesting", package: "System"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
