import CSixelStandIn

/// A stand-in for the sixel encoder.
public func sixelStandIn() -> Int32 { sixel_stand_in() }
