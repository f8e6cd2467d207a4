import CStandIn
import FaceAnalysisInterface

/// The implementation.
public func recognize() -> Int { Int(stand_in()) }
