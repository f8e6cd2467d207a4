/// A stand-in for the implementation.
public struct Recognizer {}
