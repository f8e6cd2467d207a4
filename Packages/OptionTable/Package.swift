// swift-tools-version:6.0
import PackageDescription

/// A command line as data: each command's options in one declarative table, and what is made
/// from it, so that none of it can drift from the rest: the parser, `--help`, the roff manual
/// page and the bash, zsh and fish completion scripts. A leaf: it depends on nothing.
let package = Package(
  name: "OptionTable",
  products: [
    .library(name: "OptionTable", targets: ["OptionTable"])
  ],
  targets: [
    .target(name: "OptionTable"),
    .testTarget(name: "OptionTableTests", dependencies: ["OptionTable"]),
  ],
  swiftLanguageModes: [.v6]
)
