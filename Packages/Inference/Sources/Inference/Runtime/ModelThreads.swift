import Foundation

/// How many threads a model's `predict` runs on unless told.
public enum ModelThreads {
  /// One per active processor.
  public static var `default`: Int { ProcessInfo.processInfo.activeProcessorCount }
}
