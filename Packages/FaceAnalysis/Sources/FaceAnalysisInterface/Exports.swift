// Frames, boxes and the service's pictures are Pixels values: a client of the interface sees
// `RGBImage` and `BoundingBox` without importing Pixels itself.
@_exported import Pixels
