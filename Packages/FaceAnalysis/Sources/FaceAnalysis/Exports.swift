// What a client of the recognizer works with: the interface's values, and the detectors and
// their options that a recognizer is made of.
@_exported import FaceAnalysisInterface
@_exported import FaceDetection
