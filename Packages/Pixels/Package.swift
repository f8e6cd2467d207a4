// swift-tools-version:6.0
import PackageDescription

/// Pictures in pure Swift, for every package that holds or draws one: RGB and gray images,
/// boxes, a canvas that draws into an image, and a bitmap font. A leaf: it depends on nothing.
let package = Package(
  name: "Pixels",
  products: [
    .library(name: "Pixels", targets: ["Pixels"])
  ],
  targets: [
    .target(name: "Pixels"),
    .testTarget(name: "PixelsTests", dependencies: ["Pixels"]),
  ],
  swiftLanguageModes: [.v6]
)
