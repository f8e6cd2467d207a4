// The interface's values and protocols are part of this module's API: its clients see
// `RGBImage`, `BoundingBox` and the service protocols without importing the interface.
@_exported import FaceAnalysisInterface
