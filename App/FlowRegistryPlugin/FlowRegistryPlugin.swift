import PackagePlugin

/// Lists the flow packages a target depends on (every product named `<Name>Flow`) in a
/// generated Swift file, so that the app's plugin list follows the manifest and adding or
/// removing a flow package edits no shared file.
@main
struct FlowRegistryPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let flows = target.dependencies.compactMap { dependency -> String? in
      guard case .product(let product) = dependency, product.name.hasSuffix("Flow") else { return nil }
      return product.name
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "FlowRegistry.swift")
    return [
      .buildCommand(
        displayName: "Listing the flow packages: \(flows.joined(separator: ", "))",
        executable: try context.tool(named: "EmotionsFlowRegistryTool").url,
        arguments: [output.path()] + flows.sorted(),
        outputFiles: [output])
    ]
  }
}
