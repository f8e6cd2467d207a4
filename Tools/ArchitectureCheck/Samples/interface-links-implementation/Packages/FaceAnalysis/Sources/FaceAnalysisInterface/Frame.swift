import FaceAnalysis

/// A stand-in for a value of the interface.
public struct Frame {}
