/// What the Document module tells its coordinator.
@MainActor
protocol DocumentModuleOutput: AnyObject {
  /// The user picked one of the buttons the coordinator asked for under `document`.
  func document(_ document: Document, didChoose action: DocumentAction)
}
