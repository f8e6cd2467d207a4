/// A value a flow needs.
public struct Face: Sendable {}
