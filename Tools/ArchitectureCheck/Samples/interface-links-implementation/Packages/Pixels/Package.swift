// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Pixels",
  products: [.library(name: "Pixels", targets: ["Pixels"])],
  targets: [.target(name: "Pixels")],
  swiftLanguageModes: [.v6]
)
