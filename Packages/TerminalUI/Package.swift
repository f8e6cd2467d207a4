// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TerminalUI",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    // The virtual terminal and screen emulator for tests of screens, flows and apps.
    .library(name: "TerminalUITesting", targets: ["TerminalUITesting"]),
    // The sixel encoder on libsixel, for apps: flows link TerminalUI without any C library.
    .library(name: "TerminalUISixel", targets: ["TerminalUISixel"]),
    .executable(name: "TerminalUIDemo", targets: ["TerminalUIDemo"]),
  ],
  dependencies: [
    .package(path: "../Navigation"),
    .package(path: "../Pixels"),
    .package(path: "../System"),
  ],
  targets: [
    .target(
      name: "TerminalUI",
      dependencies: [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "Pixels", package: "Pixels"),
        .product(name: "System", package: "System"),
      ],
      linkerSettings: [.linkedLibrary("m")]
    ),
    .target(
      name: "TerminalUITesting", dependencies: ["TerminalUI", .product(name: "System", package: "System")]),
    .systemLibrary(name: "CSixel", pkgConfig: "libsixel", providers: [.apt(["libsixel-dev"])]),
    .target(
      name: "TerminalUISixel",
      dependencies: ["TerminalUI", "CSixel", .product(name: "System", package: "System")]),
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
        "TerminalUISixel",
        "TerminalUIDemo",
        .product(name: "Navigation", package: "Navigation"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
