// swift-tools-version:6.0
import PackageDescription

/// Recognition: the emotion model, the recognizer that runs a detector and the model over a
/// frame, the ordered recognition run, the live service and its pipeline, and saved frames;
/// with the interface product a flow builds against and its fakes.
let package = Package(
  name: "FaceAnalysis",
  products: [
    .library(name: "FaceAnalysis", targets: ["FaceAnalysis"]),
    // What a flow builds against: values and protocols, no C library, no Inference.
    .library(name: "FaceAnalysisInterface", targets: ["FaceAnalysisInterface"]),
    // Face tracks and steady labels in a video: pure Swift values over the interface.
    .library(name: "FaceAnalysisTracking", targets: ["FaceAnalysisTracking"]),
    // Fakes of the interface for tests and demos.
    .library(name: "FaceAnalysisTesting", targets: ["FaceAnalysisTesting"]),
  ],
  dependencies: [
    .package(path: "../FaceDetection"),
    .package(path: "../Inference"),
    .package(path: "../Processor"),
    .package(path: "../Media"),
    .package(path: "../Pixels"),
    .package(path: "../System"),
  ],
  targets: [
    .target(name: "FaceAnalysisInterface", dependencies: [.product(name: "Pixels", package: "Pixels")]),
    .target(name: "FaceAnalysisTracking", dependencies: ["FaceAnalysisInterface"]),
    .target(
      name: "FaceAnalysisTesting",
      dependencies: ["FaceAnalysisInterface", .product(name: "System", package: "System")]),
    .target(
      name: "FaceAnalysis",
      dependencies: [
        "FaceAnalysisInterface", "FaceAnalysisTracking",
        .product(name: "FaceDetection", package: "FaceDetection"),
        .product(name: "Inference", package: "Inference"),
        .product(name: "InferenceKeras", package: "Inference"),
        .product(name: "InferenceONNX", package: "Inference"),
        .product(name: "Processor", package: "Processor"),
        .product(name: "Media", package: "Media"),
        .product(name: "Pixels", package: "Pixels"),
        .product(name: "System", package: "System"),
      ]
    ),
    .testTarget(
      name: "FaceAnalysisTests",
      dependencies: [
        "FaceAnalysis", "FaceAnalysisTesting",
        .product(name: "FaceDetection", package: "FaceDetection"),
        .product(name: "Media", package: "Media"),
        .product(name: "MediaTesting", package: "Media"),
        .product(name: "System", package: "System"),
        .product(name: "SystemTesting", package: "System"),
      ],
      exclude: ["Fixtures"]),
    .testTarget(name: "FaceAnalysisTrackingTests", dependencies: ["FaceAnalysisTracking"]),
  ],
  swiftLanguageModes: [.v6]
)
