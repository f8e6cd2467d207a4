// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Inference",
  products: [.library(name: "Inference", targets: ["Inference"])],
  targets: [.target(name: "Inference")],
  swiftLanguageModes: [.v6]
)
