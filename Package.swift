// swift-tools-version:6.0
import PackageDescription

/// The flow packages, each `Packages/<Name>`: the app depends on them and its FlowRegistry
/// build plugin lists their factories. `Tools/new-flow` and `Tools/remove-flow` edit this one
/// line (SwiftPM caches the manifest by its text, so the list is written here, not read from
/// the folder).
let flows = ["AboutAppFlow", "MainFlow"]

/// The composition root: the `emotions` executable wires the flow packages together.
let package = Package(
  name: "Emotions",
  products: [
    .executable(name: "emotions", targets: ["App"])
  ],
  dependencies: [
    .package(path: "Packages/System"),
    .package(path: "Packages/Navigation"),
    .package(path: "Packages/TerminalUI"),
    .package(path: "Packages/FaceAnalysis"),
    .package(path: "Packages/DetectCommand"),
    .package(path: "Packages/OptionTable"),
    // For the tests only: they decode what `detect --annotate` and the screen wrote.
    .package(path: "Packages/Media"),
  ] + flows.map { .package(path: "Packages/\($0)") },
  targets: [
    // The whole tool: commands, the ApplicationCoordinator, launch and state.
    .target(
      name: "EmotionsApp",
      dependencies: [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "TerminalUI", package: "TerminalUI"),
        .product(name: "TerminalUISixel", package: "TerminalUI"),
        .product(name: "FaceAnalysis", package: "FaceAnalysis"),
        .product(name: "DetectCommand", package: "DetectCommand"),
        .product(name: "OptionTable", package: "OptionTable"),
        .product(name: "System", package: "System"),
      ] + flows.map { .product(name: $0, package: $0) },
      path: "App/EmotionsApp",
      plugins: ["EmotionsFlowRegistry"]
    ),
    // The executable: `Emotions.main()` and nothing else.
    .executableTarget(name: "App", dependencies: ["EmotionsApp"], path: "App/Executable"),
    // Lists the flow products EmotionsApp depends on as `FlowRegistry.factoryTypes`.
    .plugin(
      name: "EmotionsFlowRegistry", capability: .buildTool(), dependencies: ["EmotionsFlowRegistryTool"],
      path: "App/FlowRegistryPlugin"),
    .executableTarget(name: "EmotionsFlowRegistryTool", path: "App/FlowRegistryTool"),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App",
        "EmotionsApp",
        .product(name: "DetectCommand", package: "DetectCommand"),
        .product(name: "Media", package: "Media"),
        .product(name: "NavigationTesting", package: "Navigation"),
        .product(name: "OptionTable", package: "OptionTable"),
        .product(name: "TerminalUITesting", package: "TerminalUI"),
        .product(name: "SystemTesting", package: "System"),
      ],
      path: "Tests/AppTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
