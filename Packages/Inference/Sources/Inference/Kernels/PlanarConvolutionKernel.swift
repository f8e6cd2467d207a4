import CInference

/// Runs a stride-1 ``Convolution`` with few channels (cout < 16, cin ≤ 16: a face classifier's
/// first layers) with the channels as the rows of the product:
/// `outputᵀ[cout × pixels] = kernelᵀ[cout × K] · patchesᵀ[K × pixels]`.
///
/// Channels last, such a product has only cout columns, fewer than a vector of OpenBLAS's
/// kernels holds; transposed, the pixels fill its vectors. The chunk's input rows are
/// transposed to one plane per channel, each row padded to `width + kw - 1` columns with the
/// convolution's zeros, so the tap (ky, kx) of every output pixel is the same plane shifted by
/// `ky · rowPitch + kx`. A plane row computes a row of output pixels plus `kw - 1` columns that
/// are dropped (and `kh - 1` rows between items), the price of reading the planes in place.
/// With 8 or more input channels each tap is one `cblas_sgemm` (K = cin) reading the shifted
/// planes in place and adding to the product; with fewer, the shifted planes are copied below
/// one another (im2col, transposed: (kh, kw, cin) order) for one product with
/// K = kh·kw·cin. The product is transposed back to channels last with the bias and ReLU.
package enum PlanarConvolutionKernel {
  /// Whether `convolution` runs here: stride 1, no dilation, a window larger than one pixel,
  /// fewer than 16 output channels and at most 16 input channels.
  package static func handles(_ convolution: Convolution) -> Bool {
    let geometry = convolution.geometry
    return convolution.outputChannels < 16 && convolution.inputChannels <= 16 && geometry.strideHeight == 1
      && geometry.strideWidth == 1
      && geometry.dilationHeight == 1 && geometry.dilationWidth == 1 && geometry.taps > 1
  }

  /// `convolution`'s kernel as the product's A matrix: cout × K, row-major.
  package static func transposedKernel(_ convolution: Convolution) -> [Float] {
    let k = convolution.patchLength
    let n = convolution.outputChannels
    return (0..<(n * k)).map { index in convolution.kernel[(index % k) * n + index / k] }
  }

  /// The floats of scratch a chunk of `rows` output rows needs when its planes are packed
  /// from a channels-last input.
  package static func scratch(_ convolution: Convolution, rows: Int) -> Int {
    let geometry = convolution.geometry
    // A chunk touches at most ceil(rows / height) + 1 items, each adding kh - 1 plane rows.
    let items = min(rows, (rows + geometry.outputHeight - 1) / geometry.outputHeight + 1)
    let layout = Layout(convolution, planeRows: rows + items * (geometry.kernelHeight - 1))
    return layout.floats
  }

  /// The floats of scratch a chunk of `rows` rows of a tall image of planes needs.
  package static func scratch(_ convolution: Convolution, planarRows rows: Int, layout: PlaneLayout) -> Int {
    let columns = rows * layout.rowPitch
    let perTap = convolution.inputChannels >= 8
    return (perTap ? 0 : convolution.patchLength * columns) + convolution.outputChannels * columns
  }

  /// `output = activation(convolution(input) + bias)` for output rows `rows` of the batch;
  /// `input` and `output` are the whole batch's tensors, `kernel` is ``transposedKernel(_:)``.
  /// With `inputPlanes`, the input is kept as planes and `rows` are rows of its tall image;
  /// with `outputPlanes`, so is the output (rows of the same tall image, bias and activation
  /// applied in place).
  package static func run(
    _ convolution: Convolution, kernel: [Float], activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, rows: BatchRows, batch: Int, scratch: UnsafeMutablePointer<Float>,
    inputPlanes: PlaneLayout?, outputPlanes: PlaneLayout?
  ) {
    let geometry = convolution.geometry
    guard let inputPlanes else {
      var planeRows = 0
      rows.forEachItem { _, range, _ in planeRows += range.count + geometry.kernelHeight - 1 }
      let layout = Layout(convolution, planeRows: planeRows)
      pack(input, convolution: convolution, rows: rows, layout: layout, into: scratch)
      let product = multiply(convolution, kernel: kernel, layout: layout, planes: scratch, scratch: scratch)
      unpack(product, convolution: convolution, activation: activation, layout: layout, into: output) {
        write in
        // Each item's rows follow the previous item's, kh - 1 rows of the product apart.
        var planeRow = 0
        rows.forEachItem { item, range, _ in
          for row in range {
            write(planeRow, item, row)
            planeRow += 1
          }
          planeRow += geometry.kernelHeight - 1
        }
      }
      return
    }
    // The tall image's rows from rows.range.lowerBound, read in place.
    let first = rows.range.lowerBound * inputPlanes.rowPitch
    var layout = Layout(
      convolution, rowPitch: inputPlanes.rowPitch, planePitch: inputPlanes.planePitch(batch: batch),
      columns: rows.range.count * inputPlanes.rowPitch)
    if let outputPlanes {
      layout.productPitch = outputPlanes.planePitch(batch: batch)
      let product = output + first
      _ = multiply(
        convolution, kernel: kernel, layout: layout, planes: input + first, scratch: scratch, into: product)
      finishPlanes(product, convolution: convolution, activation: activation, layout: layout)
      return
    }
    let product = multiply(
      convolution, kernel: kernel, layout: layout, planes: input + first, scratch: scratch)
    unpack(product, convolution: convolution, activation: activation, layout: layout, into: output) { write in
      // The tall image's rows past an item's output height are dropped.
      for row in rows.range {
        let item = row / inputPlanes.itemRows
        let y = row - item * inputPlanes.itemRows
        if y < geometry.outputHeight { write(row - rows.range.lowerBound, item, y) }
      }
    }
  }

  /// Where a chunk's planes, copied patches and product lie in the scratch.
  private struct Layout {
    /// Floats from one plane row to the next: the input width plus the padding columns.
    package let rowPitch: Int
    /// Floats from one plane to the next: its rows, then `kw - 1` floats that the last taps
    /// read past them, in whole cache lines.
    package let planePitch: Int
    /// The product's columns: every plane row but the last kh - 1, whole.
    package let columns: Int
    /// Whether each tap is a product of its own, reading the planes in place.
    package let perTap: Bool
    package let inputChannels: Int
    package let patchLength: Int
    package let outputChannels: Int
    /// Whether the planes are in the scratch (packed), ahead of the patches and product.
    package let packed: Bool
    /// Floats from one row of the product to the next (one per output channel).
    package var productPitch: Int

    /// The layout of planes packed into the scratch, `planeRows` rows of them.
    package init(_ convolution: Convolution, planeRows: Int) {
      let geometry = convolution.geometry
      let rowPitch = geometry.outputWidth + geometry.kernelWidth - 1
      self.init(
        convolution, rowPitch: rowPitch,
        planePitch: (planeRows * rowPitch + geometry.kernelWidth - 1 + 15) / 16 * 16,
        columns: max(planeRows - geometry.kernelHeight + 1, 0) * rowPitch, packed: true)
    }

    /// The layout of planes read in place (or packed), `columns` of them.
    package init(
      _ convolution: Convolution, rowPitch: Int, planePitch: Int, columns: Int, packed: Bool = false
    ) {
      self.rowPitch = rowPitch
      self.planePitch = planePitch
      self.columns = columns
      perTap = convolution.inputChannels >= 8
      inputChannels = convolution.inputChannels
      patchLength = convolution.patchLength
      outputChannels = convolution.outputChannels
      self.packed = packed
      productPitch = columns
    }

    /// Floats from the scratch's start to the copied patches (after the planes, if packed).
    package var patchesOffset: Int { packed ? inputChannels * planePitch : 0 }
    /// Floats from the scratch's start to the product.
    package var productOffset: Int { patchesOffset + (perTap ? 0 : patchLength * columns) }
    /// Floats of scratch in all.
    package var floats: Int { productOffset + outputChannels * columns }
  }

  /// Transposes the input rows each output row reads into the planes, zeros in the padding;
  /// each item's rows follow the previous item's.
  private static func pack(
    _ input: UnsafePointer<Float>, convolution: Convolution, rows: BatchRows, layout: Layout,
    into planes: UnsafeMutablePointer<Float>
  ) {
    let geometry = convolution.geometry
    let channels = convolution.inputChannels
    let imageSize = geometry.inputHeight * geometry.inputWidth * channels
    let rightPad = layout.rowPitch - geometry.padLeft - geometry.inputWidth
    var planeRow = 0
    rows.forEachItem { item, range, _ in
      let image = input + item * imageSize
      for inputY
        in (range.lowerBound - geometry.padTop)..<(range.upperBound - geometry.padTop + geometry.kernelHeight
        - 1)
      {
        let row = planes + planeRow * layout.rowPitch
        if inputY < 0 || inputY >= geometry.inputHeight {
          for channel in 0..<channels {
            (row + channel * layout.planePitch).update(repeating: 0, count: layout.rowPitch)
          }
        } else {
          for channel in 0..<channels {
            let plane = row + channel * layout.planePitch
            plane.update(repeating: 0, count: geometry.padLeft)
            (plane + geometry.padLeft + geometry.inputWidth).update(repeating: 0, count: rightPad)
          }
          cinference_pixels_to_planes(
            image + inputY * geometry.inputWidth * channels, geometry.inputWidth, channels,
            row + geometry.padLeft,
            layout.planePitch)
        }
        planeRow += 1
      }
    }
    let used = planeRow * layout.rowPitch
    for channel in 0..<channels {
      (planes + channel * layout.planePitch + used).update(repeating: 0, count: layout.planePitch - used)
    }
  }

  /// The product `kernelᵀ · patchesᵀ` of the planes at `planes` into `target`, or the
  /// scratch; returns where it is.
  private static func multiply(
    _ convolution: Convolution, kernel: [Float], layout: Layout, planes: UnsafePointer<Float>,
    scratch: UnsafeMutablePointer<Float>, into target: UnsafeMutablePointer<Float>? = nil
  ) -> UnsafeMutablePointer<Float> {
    let geometry = convolution.geometry
    let product = target ?? scratch + layout.productOffset
    let cin = convolution.inputChannels
    kernel.withUnsafeBufferPointer { kernel in
      guard let kernel = kernel.baseAddress else { return }
      if layout.perTap {
        for tap in 0..<geometry.taps {
          let shift = tap / geometry.kernelWidth * layout.rowPitch + tap % geometry.kernelWidth
          GEMM.multiply(
            m: layout.outputChannels, n: layout.columns, k: cin, a: kernel + tap * cin,
            lda: layout.patchLength,
            b: planes + shift, ldb: layout.planePitch, beta: tap == 0 ? 0 : 1, c: product,
            ldc: layout.productPitch)
        }
        return
      }
      let patches = scratch + layout.patchesOffset
      for tap in 0..<geometry.taps {
        let shift = tap / geometry.kernelWidth * layout.rowPitch + tap % geometry.kernelWidth
        for channel in 0..<cin {
          (patches + (tap * cin + channel) * layout.columns).update(
            from: planes + channel * layout.planePitch + shift, count: layout.columns)
        }
      }
      GEMM.multiply(
        m: layout.outputChannels, n: layout.columns, k: layout.patchLength, a: kernel,
        lda: layout.patchLength,
        b: patches, c: product, ldc: layout.productPitch)
    }
    return product
  }

  /// Transposes rows of the product back to channels last, adding the bias and applying the
  /// activation: `rows` calls `write(planeRow, item, row)` for each output row, with the row
  /// of the product it is in.
  private static func unpack(
    _ product: UnsafeMutablePointer<Float>, convolution: Convolution, activation: Activation, layout: Layout,
    into output: UnsafeMutablePointer<Float>,
    rows: (_ write: (_ planeRow: Int, _ item: Int, _ row: Int) -> Void) -> Void
  ) {
    let geometry = convolution.geometry
    let channels = convolution.outputChannels
    let rowSize = geometry.outputWidth * channels
    let fused = activation == .linear || activation == .plainReLU
    let bias = convolution.bias ?? []
    bias.withUnsafeBufferPointer { bias in
      rows { planeRow, item, row in
        let target = output + (item * geometry.outputHeight + row) * rowSize
        cinference_planes_to_pixels(
          product + planeRow * layout.rowPitch, layout.productPitch, geometry.outputWidth, channels,
          convolution.bias == nil ? nil : bias.baseAddress, activation == .plainReLU ? 1 : 0, target)
        if !fused { Epilogue.activate(activation, target, rows: geometry.outputWidth, channels: channels) }
      }
    }
  }

  /// Adds the bias and applies the activation to a product kept as planes.
  private static func finishPlanes(
    _ product: UnsafeMutablePointer<Float>, convolution: Convolution, activation: Activation, layout: Layout
  ) {
    let bias = convolution.bias ?? []
    bias.withUnsafeBufferPointer { bias in
      for channel in 0..<layout.outputChannels {
        let row = product + channel * layout.productPitch
        // One channel: the plane's values are rows of one.
        Epilogue.apply(
          activation, bias: channel < bias.count ? bias.baseAddress.map { $0 + channel } : nil, source: row,
          destination: row, rows: layout.columns, channels: 1)
      }
    }
  }
}
