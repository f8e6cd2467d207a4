import Foundation
import Navigation

/// Prints the app's navigation map (`emotions routes`) from the flows' own declarations:
/// the same `routes` and links the coordinators navigate with, so it cannot drift.
@MainActor
struct RoutesPrinter {
  /// The flows, home first.
  let plugins: [any FlowFactory]
  /// The app's link scheme.
  let scheme: DeepLinkScheme

  /// The map in the chosen format.
  func render(_ format: RoutesFormat) -> String {
    switch format {
    case .tree: tree()
    case .dot: dot()
    case .mermaid: mermaid()
    }
  }

  private func name(of factory: any FlowFactory) -> String {
    let typeName = String(describing: type(of: factory))
    return typeName.hasSuffix("Factory") ? String(typeName.dropLast("Factory".count)) : typeName
  }

  private func tree() -> String {
    var lines = ["ApplicationCoordinator"]
    for (index, factory) in plugins.enumerated() {
      let last = index == plugins.count - 1
      var role = index == 0 ? ", home" : ""
      if let requirement = factory.launchRequirement { role += ", launch requirement \(requirement.id)" }
      lines.append("\(last ? "└──" : "├──") \(name(of: factory)) (id \(factory.id)\(role))")
      let indent = last ? "    " : "│   "
      let screens = factory.routes.map { "\($0.screen) [\($0.segment)]" }.joined(separator: ", ")
      lines.append("\(indent)├── screens: \(screens)")
      lines.append("\(indent)└── links:")
      for (linkIndex, link) in factory.exampleLinks.enumerated() {
        let branch = linkIndex == factory.exampleLinks.count - 1 ? "└──" : "├──"
        lines.append("\(indent)    \(branch) \(scheme.text(for: link))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func dot() -> String {
    var lines = ["digraph emotions {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
    lines.append("  app [label=\"ApplicationCoordinator\", shape=doubleoctagon];")
    for factory in plugins {
      let flow = "flow_\(identifier(factory.id))"
      lines.append("  \(flow) [label=\"\(name(of: factory))\", shape=component];")
      lines.append("  app -> \(flow);")
      var previous = flow
      for route in factory.routes {
        let screen = "\(flow)_\(identifier(route.segment))"
        lines.append("  \(screen) [label=\"\(route.screen)\\n/\(route.segment)\"];")
        lines.append("  \(previous) -> \(screen);")
        previous = screen
      }
      for (index, link) in factory.exampleLinks.enumerated() {
        let node = "\(flow)_link\(index)"
        lines.append("  \(node) [label=\"\(escaped(scheme.text(for: link)))\", shape=note];")
        lines.append("  \(node) -> \(flow) [style=dashed];")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func mermaid() -> String {
    var lines = ["flowchart LR", "  app[[ApplicationCoordinator]]"]
    for factory in plugins {
      let flow = "flow_\(identifier(factory.id))"
      lines.append("  app --> \(flow)[/\(name(of: factory))/]")
      var previous = flow
      for route in factory.routes {
        let screen = "\(flow)_\(identifier(route.segment))"
        lines.append("  \(previous) --> \(screen)[\"\(route.screen) /\(route.segment)\"]")
        previous = screen
      }
      for (index, link) in factory.exampleLinks.enumerated() {
        lines.append("  \(flow)_link\(index)>\"\(escaped(scheme.text(for: link)))\"] -.-> \(flow)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func identifier(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "\\\"")
  }
}
