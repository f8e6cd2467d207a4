// swift-tools-version:6.0
import PackageDescription

// TerminalUI with a sixel encoder on a C library, in a product of its own for apps.
let package = Package(
  name: "TerminalUI",
  products: [
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "TerminalUISixel", targets: ["TerminalUISixel"]),
  ],
  dependencies: [.package(path: "../Navigation")],
  targets: [
    .target(name: "TerminalUI", dependencies: [.product(name: "Navigation", package: "Navigation")]),
    .target(name: "CSixelStandIn"),
    .target(name: "TerminalUISixel", dependencies: ["TerminalUI", "CSixelStandIn"]),
  ],
  swiftLanguageModes: [.v6]
)
