// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "AlphaFlow",
  products: [.library(name: "AlphaFlow", targets: ["AlphaFlow"])],
  dependencies: [.package(path: "../Navigation"), .package(path: "../TerminalUI")],
  targets: [
    .target(
      name: "AlphaFlow",
      dependencies: [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
