import Dispatch

/// Repeated timings of one piece of work: median, minimum and maximum.
struct Sample: Sendable {
  /// Every timed run, in seconds, in the order they ran.
  let seconds: [Double]

  /// The median run (the mean of the middle two for an even count).
  var median: Double {
    let sorted = seconds.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The fastest run.
  var minimum: Double { seconds.min() ?? 0 }

  /// The slowest run.
  var maximum: Double { seconds.max() ?? 0 }

  /// Runs `body` `warmUp` times untimed, then times it `repeats` times.
  static func measure(warmUp: Int, repeats: Int, _ body: () -> Void) -> Sample {
    for _ in 0..<warmUp { body() }
    var seconds: [Double] = []
    seconds.reserveCapacity(repeats)
    for _ in 0..<repeats {
      let start = Clock.now()
      body()
      seconds.append(Clock.now() - start)
    }
    return Sample(seconds: seconds)
  }

  /// The sample as JSON fields, in milliseconds.
  func json(scale: Double = 1000) -> [String: JSON] {
    ["median": .number(median * scale), "min": .number(minimum * scale), "max": .number(maximum * scale)]
  }
}

/// A monotonic clock in seconds.
enum Clock {
  /// Seconds since an arbitrary start.
  static func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }
}
