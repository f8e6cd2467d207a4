import CHDF5
import Inference

/// One open libhdf5 identifier, closed with the matching close function when released.
///
/// Used only inside ``HDF5Library/withLock(_:)``: handles never outlive the reading of a file.
final class HDF5Handle {
  /// The kind of object, which decides the close function.
  enum Kind {
    case file, group, dataset, attribute, dataspace, datatype
  }

  /// The libhdf5 identifier.
  let id: hid_t
  private let kind: Kind

  /// Takes ownership of `id`, or throws when a libhdf5 call returned a negative identifier.
  init(_ id: hid_t, _ kind: Kind, failure: @autoclosure () -> String) throws(ModelError) {
    guard id >= 0 else {
      let detail = HDF5Library.lastErrorMessage()
      throw ModelError.hdf5(failure() + (detail.isEmpty ? "" : " (HDF5: \(detail))"))
    }
    self.id = id
    self.kind = kind
  }

  deinit {
    switch kind {
    case .file: H5Fclose(id)
    case .group: H5Gclose(id)
    case .dataset: H5Dclose(id)
    case .attribute: H5Aclose(id)
    case .dataspace: H5Sclose(id)
    case .datatype: H5Tclose(id)
    }
  }
}
