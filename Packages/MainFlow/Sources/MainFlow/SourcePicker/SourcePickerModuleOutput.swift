/// What the source picker tells its coordinator.
@MainActor
protocol SourcePickerModuleOutput: AnyObject {
  /// The user entered a source that checked out.
  func sourcePicker(didChoose source: String)
}
