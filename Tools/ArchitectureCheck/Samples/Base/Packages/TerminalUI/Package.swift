// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TerminalUI",
  products: [.library(name: "TerminalUI", targets: ["TerminalUI"])],
  dependencies: [.package(path: "../Navigation")],
  targets: [.target(name: "TerminalUI", dependencies: [.product(name: "Navigation", package: "Navigation")])],
  swiftLanguageModes: [.v6]
)
