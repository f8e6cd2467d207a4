import Foundation

/// Turns OpenCV cascade XML into a `HaarCascade`.
struct HaarCascadeParser {
  let name: String

  private static let thresholdEpsilon: Float = 1e-5
  private static let maxRectangles = 3

  func parse(_ data: Data) throws(CascadeError) -> HaarCascade {
    let document: XMLElementTree
    do {
      document = try XMLElementTree.parse(data)
    } catch {
      throw CascadeError.invalidXML(path: name, detail: error.detail)
    }
    // OpenCV reads the first top-level node inside <opencv_storage>.
    guard let root = document.children.first else { throw invalid("the document is empty") }
    if root.child("stageType") != nil {
      return try parseNewLayout(root)
    }
    if root.child("size") != nil, root.child("stages") != nil {
      return try parseOldLayout(root)
    }
    throw invalid("neither the old (size/stages/trees) nor the new (stageType/stages/features) layout")
  }

  // MARK: New layout

  private func parseNewLayout(_ root: XMLElementTree) throws(CascadeError) -> HaarCascade {
    guard root.child("stageType")?.trimmedText == "BOOST" else { throw invalid("stageType is not BOOST") }
    let featureType = root.child("featureType")?.trimmedText ?? ""
    guard featureType == "HAAR" else {
      throw invalid("featureType \(featureType) is not supported (HAAR only)")
    }
    let width = try integer(root.child("width"), "width")
    let height = try integer(root.child("height"), "height")
    guard width > 0, height > 0 else { throw invalid("window size \(width)x\(height)") }
    if let categories = root.child("featureParams")?.child("maxCatCount"),
      try integer(categories, "maxCatCount") != 0
    {
      throw invalid("categorical features are not supported")
    }
    var parts = try stages(of: root, threshold: "stageThreshold", trees: "weakClassifiers") {
      (weak: XMLElementTree, stageIndex: Int, parts: inout Parts) throws(CascadeError) in
      guard let internalNodes = weak.child("internalNodes"), let leafValues = weak.child("leafValues") else {
        throw invalid("stage \(stageIndex) has a weak classifier without internalNodes or leafValues")
      }
      let tokens = internalNodes.tokens
      guard !tokens.isEmpty, tokens.count % 4 == 0 else {
        throw invalid("stage \(stageIndex): internalNodes must hold groups of 4 numbers")
      }
      for offset in stride(from: 0, to: tokens.count, by: 4) {
        guard let left = Int(tokens[offset]), let right = Int(tokens[offset + 1]),
          let feature = Int(tokens[offset + 2]), let threshold = Double(tokens[offset + 3])
        else { throw invalid("stage \(stageIndex): unreadable internalNodes") }
        parts.nodes.append(
          HaarCascade.Node(featureIndex: feature, threshold: Float(threshold), left: left, right: right))
      }
      for token in leafValues.tokens {
        guard let value = Double(token) else { throw invalid("stage \(stageIndex): unreadable leafValues") }
        parts.leaves.append(Float(value))
      }
    }
    guard let featureList = root.child("features"), !featureList.children.isEmpty else {
      throw invalid("no features")
    }
    for (index, element) in featureList.children.enumerated() {
      guard let rects = element.child("rects") else { throw invalid("feature \(index) has no rects") }
      parts.features.append(try feature(element, rects: rects, index: index))
    }
    return try validated(width: width, height: height, parts)
  }

  // MARK: Old layout

  private func parseOldLayout(_ root: XMLElementTree) throws(CascadeError) -> HaarCascade {
    let size = root.child("size")?.tokens.compactMap { Int($0) } ?? []
    guard size.count == 2, size[0] > 0, size[1] > 0 else {
      throw invalid("size must be two positive numbers")
    }
    let parts = try stages(of: root, threshold: "stage_threshold", trees: "trees") {
      (treeElement: XMLElementTree, stageIndex: Int, parts: inout Parts) throws(CascadeError) in
      guard !treeElement.children.isEmpty else { throw invalid("stage \(stageIndex) has an empty tree") }
      var treeLeaves: [Float] = []
      for nodeElement in treeElement.children {
        guard let featureElement = nodeElement.child("feature"), let rects = featureElement.child("rects")
        else {
          throw invalid("stage \(stageIndex) has a node without a feature")
        }
        let featureIndex = parts.features.count
        parts.features.append(try feature(featureElement, rects: rects, index: featureIndex))
        let nodeThreshold = try real(nodeElement.child("threshold"), "threshold in stage \(stageIndex)")
        let left = try branch(of: nodeElement, leaf: "left_val", node: "left_node", leaves: &treeLeaves)
        let right = try branch(of: nodeElement, leaf: "right_val", node: "right_node", leaves: &treeLeaves)
        parts.nodes.append(
          HaarCascade.Node(
            featureIndex: featureIndex, threshold: Float(nodeThreshold), left: left, right: right))
      }
      parts.leaves += treeLeaves
    }
    return try validated(width: size[0], height: size[1], parts)
  }

  // MARK: Helpers

  /// A cascade's arrays as they are read, before they are checked.
  private struct Parts {
    var stages: [HaarCascade.Stage] = []
    var trees: [HaarCascade.Tree] = []
    var nodes: [HaarCascade.Node] = []
    var leaves: [Float] = []
    var features: [HaarCascade.Feature] = []
  }

  /// The stages under `root`, in either layout: each stage's threshold is its child named
  /// `threshold`, its trees the children of its child named `trees`. `readTree` adds one tree's
  /// nodes and leaves (given its element and its stage's index); the tree spans what it added.
  private func stages(
    of root: XMLElementTree, threshold: String, trees: String,
    readTree: (XMLElementTree, Int, inout Parts) throws(CascadeError) -> Void
  ) throws(CascadeError) -> Parts {
    var parts = Parts()
    for (stageIndex, stageElement) in try stageElements(of: root).enumerated() {
      let treeElements = try startStage(
        stageElement, index: stageIndex, threshold: threshold, trees: trees, in: &parts)
      for treeElement in treeElements {
        let firstNode = parts.nodes.count
        let firstLeaf = parts.leaves.count
        try readTree(treeElement, stageIndex, &parts)
        parts.trees.append(
          HaarCascade.Tree(
            firstNode: firstNode, nodeCount: parts.nodes.count - firstNode, firstLeaf: firstLeaf))
      }
    }
    return parts
  }

  /// The `stages` element's children, in both layouts.
  private func stageElements(of root: XMLElementTree) throws(CascadeError) -> [XMLElementTree] {
    guard let stageList = root.child("stages"), !stageList.children.isEmpty else {
      throw invalid("no stages")
    }
    return stageList.children
  }

  /// The feature `element` describes, in either layout: its rectangles from `rects`, and its
  /// `tilted` flag (0 when absent); `index` names it in messages.
  private func feature(
    _ element: XMLElementTree, rects: XMLElementTree, index: Int
  ) throws(CascadeError) -> HaarCascade.Feature {
    let tilted =
      try element.child("tilted").map { node throws(CascadeError) in try integer(node, "tilted") } ?? 0
    return HaarCascade.Feature(rectangles: try rectangles(rects, feature: index), tilted: tilted != 0)
  }

  /// One branch of an old-layout node: the leaf value in its child `leaf`, appended to `leaves`
  /// (numbered in the order they appear, a branch to leaf k stored as -k), or else the node
  /// index in its child `node`.
  private func branch(
    of element: XMLElementTree, leaf: String, node: String, leaves: inout [Float]
  ) throws(CascadeError) -> Int {
    guard let value = element.child(leaf) else { return try integer(element.child(node), node) }
    let index = leaves.count
    leaves.append(Float(try real(value, leaf)))
    return -index
  }

  private func rectangles(
    _ element: XMLElementTree, feature: Int
  ) throws(CascadeError) -> [HaarCascade.Rectangle] {
    var result: [HaarCascade.Rectangle] = []
    for rect in element.children {
      let tokens = rect.tokens
      guard tokens.count == 5, let x = Int(tokens[0]), let y = Int(tokens[1]), let width = Int(tokens[2]),
        let height = Int(tokens[3]), let weight = Double(tokens[4])
      else { throw invalid("feature \(feature) has a rectangle that is not 'x y width height weight'") }
      result.append(HaarCascade.Rectangle(x: x, y: y, width: width, height: height, weight: Float(weight)))
    }
    guard (1...Self.maxRectangles).contains(result.count) else {
      throw invalid("feature \(feature) has \(result.count) rectangles (1 to 3 allowed)")
    }
    return result
  }

  /// Adds the stage `element` describes to `parts`, reading its threshold from the child named
  /// `threshold`; returns the elements of its trees, the children of the child named `trees`.
  private func startStage(
    _ element: XMLElementTree, index: Int, threshold: String, trees: String, in parts: inout Parts
  ) throws(CascadeError) -> [XMLElementTree] {
    let value = try real(element.child(threshold), "\(threshold) of stage \(index)")
    guard let list = element.child(trees), !list.children.isEmpty else {
      throw invalid("stage \(index) has no \(trees)")
    }
    parts.stages.append(
      HaarCascade.Stage(
        threshold: Float(value) - Self.thresholdEpsilon, firstTree: parts.trees.count,
        treeCount: list.children.count))
    return list.children
  }

  private func validated(width: Int, height: Int, _ parts: Parts) throws(CascadeError) -> HaarCascade {
    for tree in parts.trees {
      let leafCount = tree.nodeCount + 1
      guard tree.firstLeaf + leafCount <= parts.leaves.count else {
        throw invalid("a tree has too few leaf values")
      }
      let treeNodes = parts.nodes[tree.firstNode..<tree.firstNode + tree.nodeCount]
      for node in treeNodes {
        guard parts.features.indices.contains(node.featureIndex) else {
          throw invalid("a node uses feature \(node.featureIndex) of \(parts.features.count)")
        }
        for branch in [node.left, node.right] {
          guard branch < tree.nodeCount, -branch < leafCount else {
            throw invalid("a tree branch points outside the tree")
          }
        }
      }
      guard Self.everyWalkEnds(treeNodes) else {
        throw invalid("a tree's branches lead round in a cycle")
      }
    }
    for (index, feature) in parts.features.enumerated() {
      for rect in feature.rectangles {
        let fits: Bool
        if feature.tilted {
          fits =
            rect.x - rect.height >= 0 && rect.x + rect.width <= width && rect.y >= 0
            && rect.y + rect.width + rect.height <= height && rect.width >= 0 && rect.height >= 0
        } else {
          fits =
            rect.x >= 0 && rect.y >= 0 && rect.width >= 0 && rect.height >= 0 && rect.x + rect.width <= width
            && rect.y + rect.height <= height
        }
        guard fits else { throw invalid("feature \(index) reaches outside the \(width)x\(height) window") }
      }
    }
    return HaarCascade(
      windowWidth: width, windowHeight: height, stages: parts.stages, trees: parts.trees, nodes: parts.nodes,
      leaves: parts.leaves, features: parts.features)
  }

  /// Whether every walk from a tree's root (its first node) ends at a leaf: no branch leads
  /// back to a node on its own path, where evaluating a window (OpenCV's too) would never
  /// end. The branches are known to point inside the tree.
  private static func everyWalkEnds(_ tree: ArraySlice<HaarCascade.Node>) -> Bool {
    guard !tree.isEmpty else { return true }
    let first = tree.startIndex
    // 0: not reached yet, 1: on the current path, 2: every walk from it ends.
    var state = [UInt8](repeating: 0, count: tree.count)
    var path: [(node: Int, branchesTaken: Int)] = [(0, 0)]
    state[0] = 1
    while let (node, taken) = path.last {
      guard taken < 2 else {
        state[node] = 2
        path.removeLast()
        continue
      }
      path[path.count - 1].branchesTaken += 1
      let next = taken == 0 ? tree[first + node].left : tree[first + node].right
      guard next > 0 else { continue }
      if state[next] == 1 { return false }
      if state[next] == 0 {
        state[next] = 1
        path.append((next, 0))
      }
    }
    return true
  }

  private func integer(_ element: XMLElementTree?, _ what: String) throws(CascadeError) -> Int {
    guard let element, let value = Int(element.trimmedText) else {
      throw invalid("missing or unreadable \(what)")
    }
    return value
  }

  private func real(_ element: XMLElementTree?, _ what: String) throws(CascadeError) -> Double {
    guard let element, let value = Double(element.trimmedText) else {
      throw invalid("missing or unreadable \(what)")
    }
    return value
  }

  private func invalid(_ detail: String) -> CascadeError {
    CascadeError.invalidCascade(path: name, detail: detail)
  }
}
