import Inference

/// The TFLite builtin operators the importer runs, by their code in the schema.
enum TFLiteOperator: Int, Sendable {
  case add = 0
  case concatenation = 2
  case conv2D = 3
  case depthwiseConv2D = 4
  case dequantize = 6
  case maxPool2D = 17
  case relu = 19
  case reshape = 22
  case resizeBilinear = 23
  case pad = 34

  /// The schema's name of builtin code `code`, for messages (`SOFTMAX`, ...).
  static func name(of code: Int) -> String {
    code >= 0 && code < names.count ? names[code] : "builtin operator \(code)"
  }

  /// The first builtin codes' names, in code order.
  private static let names = [
    "ADD", "AVERAGE_POOL_2D", "CONCATENATION", "CONV_2D", "DEPTHWISE_CONV_2D", "DEPTH_TO_SPACE", "DEQUANTIZE",
    "EMBEDDING_LOOKUP", "FLOOR", "FULLY_CONNECTED", "HASHTABLE_LOOKUP", "L2_NORMALIZATION", "L2_POOL_2D",
    "LOCAL_RESPONSE_NORMALIZATION", "LOGISTIC", "LSH_PROJECTION", "LSTM", "MAX_POOL_2D", "MUL", "RELU",
    "RELU_N1_TO_1", "RELU6", "RESHAPE", "RESIZE_BILINEAR", "RNN", "SOFTMAX", "SPACE_TO_DEPTH", "SVDF", "TANH",
    "CONCAT_EMBEDDINGS", "SKIP_GRAM", "CALL", "CUSTOM", "EMBEDDING_LOOKUP_SPARSE", "PAD",
    "UNIDIRECTIONAL_SEQUENCE_RNN", "GATHER", "BATCH_TO_SPACE_ND", "SPACE_TO_BATCH_ND", "TRANSPOSE",
  ]
}
