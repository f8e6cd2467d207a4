// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FaceAnalysis",
  products: [
    .library(name: "FaceAnalysis", targets: ["FaceAnalysis"])
  ],
  dependencies: [
    .package(path: "../Inference")
  ],
  targets: [
    .systemLibrary(
      name: "CTurboJPEG",
      pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    .target(name: "CPNGShims", dependencies: ["CPNG"]),
    .target(name: "HaarCKernels"),
    .target(
      name: "FaceAnalysis",
      dependencies: [
        "CTurboJPEG",
        "CPNGShims",
        "HaarCKernels",
        .product(name: "Inference", package: "Inference"),
      ]
    ),
    .testTarget(name: "FaceAnalysisTests", dependencies: ["FaceAnalysis"], exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
