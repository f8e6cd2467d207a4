// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TerminalUI",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    // The virtual terminal and screen emulator for tests of screens, flows and apps.
    .library(name: "TerminalUITesting", targets: ["TerminalUITesting"]),
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
    .target(name: "TerminalUITesting", dependencies: ["TerminalUI", "TerminalUICShims"]),
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
        "TerminalUITesting",
        "TerminalUIDemo",
        "TerminalUICShims",
        .product(name: "Navigation", package: "Navigation"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
