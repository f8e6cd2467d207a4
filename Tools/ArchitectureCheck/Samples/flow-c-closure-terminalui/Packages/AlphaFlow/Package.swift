// swift-tools-version:6.0
import PackageDescription

// AlphaFlow links TerminalUI's sixel product, and with it a C library: only apps may.
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
        .product(name: "TerminalUISixel", package: "TerminalUI"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
