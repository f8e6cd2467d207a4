import Inference

/// A read-only view of a FlatBuffers buffer in which every read is bounds-checked: a
/// truncated or hostile file gives a ``FlatBuffer/Failure``, never a read outside the bytes.
///
/// Only what a TFLite model needs: tables with their vtables, scalars, offsets to tables,
/// vectors of scalars and of tables, strings, and byte vectors.
struct FlatBuffer {
  /// Why a read failed.
  struct Failure: Error, Equatable {
    /// What was being read and what was wrong.
    let reason: String
  }

  /// A table: its position in the buffer and its vtable's.
  struct Table {
    let position: Int
    let vtable: Int
    let vtableSize: Int
  }

  /// The whole file.
  let bytes: [UInt8]

  /// Wraps `bytes`.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The four bytes after the root offset: the file identifier (`TFL3` for TFLite).
  var identifier: String? {
    guard bytes.count >= 8 else { return nil }
    return String(decoding: bytes[4..<8], as: UTF8.self)
  }

  /// The root table.
  func root() throws(Failure) -> Table {
    try table(at: Int(try u32(at: 0)), what: "the root table")
  }

  // MARK: - Scalars

  /// Reads a little-endian unsigned integer of `size` bytes at `offset`.
  private func unsigned(at offset: Int, size: Int) throws(Failure) -> UInt64 {
    guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else {
      throw Failure(reason: "a read of \(size) bytes at \(offset) runs past the end (\(bytes.count) bytes)")
    }
    var value: UInt64 = 0
    for index in (0..<size).reversed() {
      value = value << 8 | UInt64(bytes[offset + index])
    }
    return value
  }

  func u8(at offset: Int) throws(Failure) -> UInt8 { UInt8(try unsigned(at: offset, size: 1)) }
  func u16(at offset: Int) throws(Failure) -> UInt16 { UInt16(try unsigned(at: offset, size: 2)) }
  func u32(at offset: Int) throws(Failure) -> UInt32 { UInt32(try unsigned(at: offset, size: 4)) }
  func i32(at offset: Int) throws(Failure) -> Int32 { Int32(bitPattern: try u32(at: offset)) }
  func u64(at offset: Int) throws(Failure) -> UInt64 { try unsigned(at: offset, size: 8) }

  // MARK: - Tables

  /// The table at `position`, after checking its vtable lies inside the buffer.
  func table(at position: Int, what: String) throws(Failure) -> Table {
    let back = Int(try i32(at: position))
    let vtable = position - back
    guard vtable >= 0, vtable <= bytes.count - 4 else {
      throw Failure(reason: "\(what) has a vtable outside the file")
    }
    let size = Int(try u16(at: vtable))
    guard size >= 4, size % 2 == 0, vtable <= bytes.count - size else {
      throw Failure(reason: "\(what) has a vtable of \(size) bytes, which does not fit")
    }
    return Table(position: position, vtable: vtable, vtableSize: size)
  }

  /// Where field `field` of `table` is, or nil when the table leaves it out (its default).
  func fieldPosition(_ table: Table, _ field: Int) throws(Failure) -> Int? {
    let slot = 4 + 2 * field
    guard slot + 2 <= table.vtableSize else { return nil }
    let offset = Int(try u16(at: table.vtable + slot))
    return offset == 0 ? nil : table.position + offset
  }

  /// An integer field (any width up to 4 bytes, sign-extended when `signed`), or `default`.
  func int(
    _ table: Table, _ field: Int, size: Int = 4, signed: Bool = true, default value: Int = 0
  )
    throws(Failure) -> Int
  {
    guard let position = try fieldPosition(table, field) else { return value }
    let raw = try unsigned(at: position, size: size)
    guard signed else { return Int(raw) }
    let shift = UInt64(64 - 8 * size)
    return Int(Int64(bitPattern: raw << shift) >> Int64(shift))
  }

  /// A boolean field, or `default`.
  func bool(_ table: Table, _ field: Int, default value: Bool = false) throws(Failure) -> Bool {
    guard let position = try fieldPosition(table, field) else { return value }
    return try u8(at: position) != 0
  }

  /// The position an offset field points at, or nil when absent.
  private func target(_ table: Table, _ field: Int) throws(Failure) -> Int? {
    guard let position = try fieldPosition(table, field) else { return nil }
    return position + Int(try u32(at: position))
  }

  /// A sub-table field, or nil when absent.
  func subtable(_ table: Table, _ field: Int, what: String) throws(Failure) -> Table? {
    guard let position = try target(table, field) else { return nil }
    return try self.table(at: position, what: what)
  }

  // MARK: - Vectors

  /// The element count and the first element's position of the vector at `field`, after
  /// checking that `elementSize`-byte elements fit in the file; nil when absent.
  private func vector(
    _ table: Table, _ field: Int, elementSize: Int, what: String
  ) throws(Failure) -> (
    count: Int, start: Int
  )? {
    guard let position = try target(table, field) else { return nil }
    let count = Int(try u32(at: position))
    let start = position + 4
    guard start <= bytes.count, count <= (bytes.count - start) / elementSize else {
      throw Failure(reason: "\(what) claims \(count) elements, more than the file holds")
    }
    return (count, start)
  }

  /// A vector of 32-bit signed integers (empty when absent).
  func int32s(_ table: Table, _ field: Int, what: String) throws(Failure) -> [Int] {
    guard let (count, start) = try vector(table, field, elementSize: 4, what: what) else { return [] }
    var values: [Int] = []
    values.reserveCapacity(count)
    for index in 0..<count { values.append(Int(try i32(at: start + 4 * index))) }
    return values
  }

  /// A vector of tables (empty when absent).
  func tables(_ table: Table, _ field: Int, what: String) throws(Failure) -> [Table] {
    guard let (count, start) = try vector(table, field, elementSize: 4, what: what) else { return [] }
    var values: [Table] = []
    values.reserveCapacity(count)
    for index in 0..<count {
      let element = start + 4 * index
      values.append(try self.table(at: element + Int(try u32(at: element)), what: "\(what) [\(index)]"))
    }
    return values
  }

  /// The byte range of a vector of bytes (nil when absent).
  func byteRange(_ table: Table, _ field: Int, what: String) throws(Failure) -> Range<Int>? {
    guard let (count, start) = try vector(table, field, elementSize: 1, what: what) else { return nil }
    return start..<(start + count)
  }

  /// A string field (nil when absent).
  func string(_ table: Table, _ field: Int, what: String) throws(Failure) -> String? {
    guard let range = try byteRange(table, field, what: what) else { return nil }
    return String(decoding: bytes[range], as: UTF8.self)
  }
}
