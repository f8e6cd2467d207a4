// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Navigation",
  products: [
    .library(name: "Navigation", targets: ["Navigation"]),
    .library(name: "NavigationTesting", targets: ["NavigationTesting"]),
  ],
  targets: [
    .target(name: "Navigation"),
    .target(name: "NavigationTesting", dependencies: ["Navigation"]),
    .testTarget(name: "NavigationTests", dependencies: ["Navigation", "NavigationTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
