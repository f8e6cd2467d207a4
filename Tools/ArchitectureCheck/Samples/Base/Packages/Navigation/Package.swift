// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Navigation",
  products: [.library(name: "Navigation", targets: ["Navigation"])],
  targets: [.target(name: "Navigation")],
  swiftLanguageModes: [.v6]
)
