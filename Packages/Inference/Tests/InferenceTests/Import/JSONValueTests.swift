import Testing

@testable import Inference
@testable import InferenceKeras

/// model_config as Foundation's JSONDecoder reads it.
@Suite("JSON values")
struct JSONValueTests {
  @Test("values, nesting and whitespace")
  func values() throws {
    let value = try JSONValue.parse(#" {"a": [1, -2.5e2, true, false, null], "b": {"c": "d"}} "#)
    #expect(value["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
    #expect(value["b"]?["c"]?.string == "d")
  }

  @Test("string escapes and Unicode")
  func escapes() throws {
    let value = try JSONValue.parse(#"["a\"b\\c\/d\n", "\u00e9\u4e2d", "\ud83d\ude00", "é"]"#)
    #expect(value.array?.map(\.string) == ["a\"b\\c/d\n", "é中", "😀", "é"])
  }

  @Test("Python's NaN and Infinity")
  func pythonNumbers() throws {
    let value = try JSONValue.parse("[NaN, Infinity, -Infinity]")
    #expect(value.array?[0].number?.isNaN == true)
    #expect(value.array?[1].number == .infinity)
    #expect(value.array?[2].number == -.infinity)
  }

  @Test(
    "malformed text is an invalidModelConfig error",
    arguments: ["", "[1,", "{\"a\" 1}", "[1] x", "\"abc", "tru"])
  func malformed(text: String) {
    #expect {
      try JSONValue.parse(text)
    } throws: { error in
      guard let error = error as? ModelError, case .invalidModelConfig = error else { return false }
      return true
    }
  }

  @Test("deep nesting is refused, not a stack overflow")
  func deepNesting() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: ModelError.self) { try JSONValue.parse(text) }
  }
}
