import CHDF5
import Foundation
import Inference

/// A read-only HDF5 file with the few reads a Keras model needs: string attributes,
/// groups and float datasets.
///
/// Create and use it only inside ``HDF5Library/withLock(_:)``.
struct HDF5File {
  /// A float dataset read into memory.
  struct FloatArray: Equatable {
    /// The dataset's dimensions, C order.
    var shape: [Int]
    /// The values, C order.
    var values: [Float]
  }

  private let file: HDF5Handle
  private let path: String

  /// Opens `url` read-only.
  ///
  /// - Throws: ``ModelError/fileNotFound(_:)``, ``ModelError/notHDF5(_:)`` or
  ///   ``ModelError/corruptFile(_:reason:)``.
  init(url: URL) throws(ModelError) {
    path = url.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ModelError.fileNotFound(path)
    }
    if isDirectory.boolValue { throw ModelError.notHDF5(path) }
    let signature = H5Fis_hdf5(path)
    if signature == 0 { throw ModelError.notHDF5(path) }
    if signature < 0 {
      throw ModelError.corruptFile(path, reason: Self.describeLastError(or: "cannot be read"))
    }
    let id = H5Fopen(path, chdf5_f_acc_rdonly(), chdf5_p_default())
    guard id >= 0 else {
      throw ModelError.corruptFile(path, reason: Self.describeLastError(or: "libhdf5 cannot open it"))
    }
    file = try HDF5Handle(id, .file, failure: "cannot open \(path)")
  }

  private static func describeLastError(or fallback: String) -> String {
    let message = HDF5Library.lastErrorMessage()
    return message.isEmpty ? fallback : message
  }

  /// The root group's identifier.
  var root: hid_t { file.id }

  /// Whether `name` (a path relative to `location`) is a link in the file.
  func exists(_ name: String, in location: hid_t) -> Bool {
    // Check each path component: H5Lexists fails on a missing intermediate group.
    var prefix = ""
    for component in name.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += prefix.isEmpty ? String(component) : "/" + component
      guard H5Lexists(location, prefix, chdf5_p_default()) > 0 else {
        _ = H5Eclear2(chdf5_e_default())
        return false
      }
    }
    return !prefix.isEmpty
  }

  /// Opens the group `name` relative to `location`.
  func openGroup(_ name: String, in location: hid_t) throws(ModelError) -> HDF5Handle {
    try HDF5Handle(
      H5Gopen2(location, name, chdf5_p_default()), .group, failure: "cannot open group '\(name)'")
  }

  /// Whether the object at `location` has the attribute `name`.
  func hasAttribute(_ name: String, on location: hid_t) -> Bool {
    let exists = H5Aexists(location, name)
    if exists < 0 { _ = H5Eclear2(chdf5_e_default()) }
    return exists > 0
  }

  /// Reads a string attribute (scalar or one-dimensional, fixed or variable length).
  ///
  /// A numeric attribute with no elements (how h5py writes an empty list) reads as `[]`.
  func stringsAttribute(_ name: String, on location: hid_t) throws(ModelError) -> [String] {
    let attribute = try HDF5Handle(
      H5Aopen(location, name, chdf5_p_default()), .attribute, failure: "cannot open attribute '\(name)'")
    let type = try HDF5Handle(
      H5Aget_type(attribute.id), .datatype, failure: "cannot read the type of attribute '\(name)'")
    let space = try HDF5Handle(
      H5Aget_space(attribute.id), .dataspace, failure: "cannot read the shape of attribute '\(name)'")
    let count = Int(H5Sget_simple_extent_npoints(space.id))
    guard count >= 0 else { throw ModelError.hdf5("attribute '\(name)' has no readable shape") }
    guard H5Tget_class(type.id) == H5T_STRING else {
      if count == 0 { return [] }
      throw ModelError.hdf5("attribute '\(name)' holds numbers, not text")
    }
    if count == 0 { return [] }
    if H5Tis_variable_str(type.id) > 0 {
      return try variableLengthStrings(attribute, space: space, count: count, type: type, name: name)
    }
    return try fixedLengthStrings(attribute, count: count, type: type, name: name)
  }

  private func variableLengthStrings(
    _ attribute: HDF5Handle, space: HDF5Handle, count: Int, type: HDF5Handle, name: String
  ) throws(ModelError) -> [String] {
    let memoryType = try HDF5Handle(
      H5Tcopy(chdf5_t_c_s1()), .datatype, failure: "cannot make a string type")
    _ = H5Tset_size(memoryType.id, chdf5_t_variable())
    _ = H5Tset_cset(memoryType.id, H5Tget_cset(type.id))
    var pointers = [UnsafeMutablePointer<CChar>?](repeating: nil, count: count)
    let status = pointers.withUnsafeMutableBytes { buffer in
      H5Aread(attribute.id, memoryType.id, buffer.baseAddress)
    }
    guard status >= 0 else {
      throw ModelError.hdf5(
        "cannot read attribute '\(name)'" + Self.suffix(HDF5Library.lastErrorMessage()))
    }
    let strings = pointers.map { $0.map { String(cString: $0) } ?? "" }
    _ = pointers.withUnsafeMutableBytes { buffer in
      chdf5_reclaim_strings(memoryType.id, space.id, buffer.baseAddress)
    }
    return strings
  }

  private func fixedLengthStrings(
    _ attribute: HDF5Handle, count: Int, type: HDF5Handle, name: String
  ) throws(ModelError) -> [String] {
    let size = H5Tget_size(type.id)
    guard size > 0 else { throw ModelError.hdf5("attribute '\(name)' has an empty string type") }
    var bytes = [UInt8](repeating: 0, count: count * size)
    let status = bytes.withUnsafeMutableBytes { buffer in
      H5Aread(attribute.id, type.id, buffer.baseAddress)
    }
    guard status >= 0 else {
      throw ModelError.hdf5(
        "cannot read attribute '\(name)'" + Self.suffix(HDF5Library.lastErrorMessage()))
    }
    return (0..<count).map { index in
      let element = bytes[(index * size)..<((index + 1) * size)]
      let end = element.firstIndex(of: 0) ?? element.endIndex
      return String(decoding: element[element.startIndex..<end], as: UTF8.self)
        .trimmingCharacters(in: .whitespaces)
    }
  }

  /// Reads the float dataset `name` (relative to `location`), converting from any float type.
  func floatDataset(_ name: String, in location: hid_t) throws(ModelError) -> FloatArray {
    let dataset = try HDF5Handle(
      H5Dopen2(location, name, chdf5_p_default()), .dataset, failure: "cannot open dataset '\(name)'")
    let type = try HDF5Handle(
      H5Dget_type(dataset.id), .datatype, failure: "cannot read the type of dataset '\(name)'")
    let typeClass = H5Tget_class(type.id)
    guard typeClass == H5T_FLOAT || typeClass == H5T_INTEGER else {
      throw ModelError.hdf5("dataset '\(name)' does not hold numbers")
    }
    let space = try HDF5Handle(
      H5Dget_space(dataset.id), .dataspace, failure: "cannot read the shape of dataset '\(name)'")
    let rank = Int(H5Sget_simple_extent_ndims(space.id))
    guard rank >= 0 else { throw ModelError.hdf5("dataset '\(name)' has no readable shape") }
    var dimensions = [hsize_t](repeating: 0, count: rank)
    if rank > 0 {
      guard H5Sget_simple_extent_dims(space.id, &dimensions, nil) == Int32(rank) else {
        throw ModelError.hdf5("dataset '\(name)' has no readable shape")
      }
    }
    let shape = dimensions.map { Int($0) }
    let count = shape.reduce(1, *)
    var values = [Float](repeating: 0, count: count)
    if count > 0 {
      let status = values.withUnsafeMutableBytes { buffer in
        H5Dread(
          dataset.id, chdf5_t_native_float(), chdf5_s_all(), chdf5_s_all(), chdf5_p_default(),
          buffer.baseAddress)
      }
      guard status >= 0 else {
        throw ModelError.hdf5(
          "cannot read dataset '\(name)'" + Self.suffix(HDF5Library.lastErrorMessage()))
      }
    }
    return FloatArray(shape: shape, values: values)
  }

  private static func suffix(_ detail: String) -> String {
    detail.isEmpty ? "" : " (HDF5: \(detail))"
  }
}
