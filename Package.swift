// swift-tools-version:6.0
import PackageDescription

/// The composition root: the `emotions` executable wires the flow packages together.
let package = Package(
  name: "Emotions",
  products: [
    .executable(name: "emotions", targets: ["App"])
  ],
  dependencies: [
    .package(path: "Packages/Navigation"),
    .package(path: "Packages/TerminalUI"),
    .package(path: "Packages/Inference"),
    .package(path: "Packages/FaceAnalysis"),
    .package(path: "Packages/MainFlow"),
    .package(path: "Packages/AboutAppFlow"),
  ],
  targets: [
    // The whole tool: commands, the ApplicationCoordinator, launch and state.
    .target(
      name: "EmotionsApp",
      dependencies: [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
        .product(name: "TerminalUISixel", package: "TerminalUI"),
        .product(name: "Inference", package: "Inference"),
        .product(name: "FaceAnalysis", package: "FaceAnalysis"),
        .product(name: "MainFlow", package: "MainFlow"),
        .product(name: "AboutAppFlow", package: "AboutAppFlow"),
      ],
      path: "App/EmotionsApp"
    ),
    // The executable: `Emotions.main()` and nothing else.
    .executableTarget(name: "App", dependencies: ["EmotionsApp"], path: "App/Executable"),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App",
        "EmotionsApp",
        .product(name: "NavigationTesting", package: "Navigation"),
        .product(name: "TerminalUITesting", package: "TerminalUI"),
      ],
      path: "Tests/AppTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
