/// A stand-in for the picture type.
public struct RGBImage {}
