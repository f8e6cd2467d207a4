/// Why a benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
  case noFaces
  case usage(String)
  case launch(String)

  var description: String {
    switch self {
    case .noFaces: return "no faces found in the fixture photos"
    case .usage(let message): return message
    case .launch(let message): return message
    }
  }
}
