// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "AboutAppFlow",
  products: [
    .library(name: "AboutAppFlow", targets: ["AboutAppFlow"]),
    .executable(name: "AboutAppFlowDemo", targets: ["AboutAppFlowDemo"]),
  ],
  dependencies: [
    .package(path: "../Navigation"),
    .package(path: "../TerminalUI"),
  ],
  targets: [
    .target(
      name: "AboutAppFlow",
      dependencies: [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
      ]
    ),
    .executableTarget(
      name: "AboutAppFlowDemo",
      dependencies: [
        "AboutAppFlow",
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
      ]
    ),
    .testTarget(
      name: "AboutAppFlowTests",
      dependencies: [
        "AboutAppFlow",
        .product(name: "NavigationTesting", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
