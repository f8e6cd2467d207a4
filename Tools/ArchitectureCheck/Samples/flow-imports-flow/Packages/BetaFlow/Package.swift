// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "BetaFlow",
  products: [.library(name: "BetaFlow", targets: ["BetaFlow"])],
  dependencies: [.package(path: "../Navigation")],
  targets: [.target(name: "BetaFlow", dependencies: [.product(name: "Navigation", package: "Navigation")])],
  swiftLanguageModes: [.v6]
)
