// swift-tools-version:6.0
import PackageDescription

// The conformance kit's samples: Base, a flow that keeps the plugin contract, and one copy of
// it for each broken promise, each with one change; `conformance-samples` runs the kit on each.
let samples = [
  ("Base", "BaseNotesFlow"),
  ("unwritten-query", "UnwrittenQueryNotesFlow"),
  ("leaky-presenter", "LeakyPresenterNotesFlow"),
  ("double-finish", "DoubleFinishNotesFlow"),
  ("undeclared-route", "UndeclaredRouteNotesFlow"),
]

let package = Package(
  name: "ConformanceSamples",
  dependencies: [.package(path: "../../../Packages/Navigation")],
  targets: samples.map { folder, module in
    .target(
      name: module, dependencies: [.product(name: "Navigation", package: "Navigation")],
      path: "\(folder)/Sources")
  } + [
    .executableTarget(
      name: "conformance-samples",
      dependencies: samples.map { .target(name: $0.1) } + [
        .product(name: "Navigation", package: "Navigation"),
        .product(name: "NavigationTesting", package: "Navigation"),
      ],
      path: "Runner")
  ],
  swiftLanguageModes: [.v6]
)
