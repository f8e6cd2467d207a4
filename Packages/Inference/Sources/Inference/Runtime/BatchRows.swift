/// A run of rows of a batch whose items have `rowsPerItem` rows each: how a layer's work is
/// cut into chunks. Rows are numbered through the batch, item by item, so the rows of a chunk
/// are contiguous in an NHWC tensor even where they span items.
package struct BatchRows {
  /// Rows of one item (an output image's height, for a window operation).
  package var rowsPerItem: Int
  /// The rows, numbered through the batch.
  package var range: Range<Int>

  /// Calls `body` once per item the rows touch, with the item, its rows in it, and how many
  /// rows of the run come before them.
  package func forEachItem(_ body: (_ item: Int, _ rows: Range<Int>, _ offset: Int) -> Void) {
    var row = range.lowerBound
    while row < range.upperBound {
      let item = row / rowsPerItem
      let first = row - item * rowsPerItem
      let end = min(rowsPerItem, first + range.upperBound - row)
      body(item, first..<end, row - range.lowerBound)
      row += end - first
    }
  }
}
