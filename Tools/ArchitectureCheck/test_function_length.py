"""Tests of function_length.py on hand-written Swift, each length counted by hand."""

import unittest

from function_length import blank, functions


def found(source: str) -> list[tuple[str, int, int]]:
    return [(f.name, f.line, f.lines) for f in functions(source)]


class FunctionLengthTests(unittest.TestCase):
    def test_every_kind_of_declaration_with_a_body_counts_from_its_keyword_to_its_brace(self):
        source = (
            "struct S {\n"                            # 1
            "  init?(x: Int) {\n"                     # 2
            "    return nil\n"                        # 3
            "  }\n"                                   # 4
            "  init<T>(_ t: T) where T: Equatable {}\n"  # 5
            "  deinit {\n"                            # 6
            "  }\n"                                   # 7
            "  subscript(i: Int) -> Int { i }\n"      # 8
            "  static func == (a: S, b: S) -> Bool {\n"  # 9
            "    true\n"                              # 10
            "  }\n"                                   # 11
            "  var computed: Int { 1 }\n"             # 12
            "}\n")
        self.assertEqual(
            found(source),
            [("init?", 2, 3), ("init", 5, 1), ("deinit", 6, 2), ("subscript", 8, 1), ("==", 9, 3)])

    def test_a_nested_function_counts_alone_and_in_the_one_around_it(self):
        source = "func outer() {\n  func inner() {\n    print(1)\n  }\n  inner()\n}\n"
        self.assertEqual(found(source), [("outer", 1, 6), ("inner", 2, 3)])

    def test_a_requirement_without_a_body_is_no_function(self):
        source = (
            "protocol P {\n"
            "  func a() -> Int\n"
            "  init(b: Int)\n"
            "  /// Documented.\n"
            "  func c()\n"
            "}\n"
            "func d() {\n"
            "}\n")
        self.assertEqual(found(source), [("d", 7, 2)])

    def test_a_call_to_init_and_a_default_closure_are_not_bodies(self):
        source = (
            "func make(\n"
            "  done: () -> Void = {}\n"
            ") -> S {\n"
            "  let s = S.init(x: 1)\n"
            "  super.init()\n"
            "  return s\n"
            "}\n")
        self.assertEqual(found(source), [("make", 1, 7)])

    def test_braces_in_strings_and_comments_match_nothing(self):
        source = (
            'func f() -> [String] {\n'
            '  let a = "{"  // }\n'
            '  let b = #"}"#\n'
            '  /* { /* nested } */ { */\n'
            '  let c = """\n'
            '    {{\n'
            '    """\n'
            '  let d = "\\("}")\\(a.map { $0 })"\n'
            '  let e = #"\\#(b) \\( "#\n'
            '  return [a, b, c, d, e]\n'
            '}\n'
            'func g() {}\n')
        self.assertEqual(found(source), [("f", 1, 11), ("g", 12, 1)])

    def test_blanking_keeps_lines_and_code(self):
        source = 'let x = "a\\"b" // c\n/* d\n e */ let y = 1\n'
        # The string and comment become spaces, each line as long as it was.
        self.assertEqual(blank(source), "let x = " + " " * 11 + "\n" + " " * 4 + "\n" + " " * 6 + "let y = 1\n")


if __name__ == "__main__":
    unittest.main()
