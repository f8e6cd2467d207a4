/// A stand-in for the CNN runtime.
public struct Model {}
