/// What the About module tells its coordinator.
@MainActor
protocol AboutAppModuleOutput: AnyObject {
  /// The user chose Documents.
  func aboutAppDidSelectDocuments()
  /// The user chose Back.
  func aboutAppDidSelectBack()
}
