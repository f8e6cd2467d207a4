// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TerminalUI",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .executable(name: "TerminalUIDemo", targets: ["TerminalUIDemo"]),
  ],
  dependencies: [
    .package(path: "../Navigation")
  ],
  targets: [
    .target(name: "TerminalUICShims"),
    .target(
      name: "TerminalUI",
      dependencies: [
        "TerminalUICShims",
        .product(name: "Navigation", package: "Navigation"),
      ],
      linkerSettings: [.linkedLibrary("m")]
    ),
    .executableTarget(
      name: "TerminalUIDemo",
      dependencies: [
        "TerminalUI",
        .product(name: "Navigation", package: "Navigation"),
      ]
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "TerminalUI",
        "TerminalUIDemo",
        "TerminalUICShims",
        .product(name: "Navigation", package: "Navigation"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
