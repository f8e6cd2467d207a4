"""The Swift functions of a file and how many lines each takes, found by matching braces.

A function is a `func`, `init`, `deinit` or `subscript` declaration with a body; its length
is the number of lines from its keyword's line to its closing brace's, both included, so a
nested function counts in its own length and in the one around it. Comments and string
literals (plain, multi-line and raw, interpolations included) are blanked first, so that a
brace in them matches nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A declaration keyword, not a member reference (`.init(`, `super.init`) or part of a name.
DECLARATION = re.compile(r"(?<![.\w])(func\s+(?:`[^`]+`|[^\s(<]+)|init\b[?!]?|deinit\b|subscript\b)")
# Words that start the next declaration: a requirement without a body ends before them.
NEXT_DECLARATION = re.compile(
    r"\s*(?:@|#|func\b|init\b|deinit\b|subscript\b|var\b|let\b|case\b|static\b|class\b|struct\b"
    r"|enum\b|protocol\b|extension\b|typealias\b|associatedtype\b|public\b|package\b|internal\b"
    r"|fileprivate\b|private\b|open\b|final\b|override\b|mutating\b|nonmutating\b|nonisolated\b"
    r"|convenience\b|required\b|indirect\b|import\b)")
OPENERS = {"(": ")", "[": "]", "{": "}"}


@dataclass
class Function:
    name: str
    line: int  # the keyword's line, from 1
    lines: int


def blank(text: str) -> str:
    """`text` with every comment and string literal's contents replaced by spaces (newlines
    kept, so line numbers hold)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            i = _skip_block_comment(text, i, out)
        elif text[i] == "#" or text[i] == '"':
            start = _string_start(text, i)
            if start is None:
                out.append(text[i])
                i += 1
            else:
                i = _skip_string(text, i, *start, out)
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _skip_block_comment(text: str, i: int, out: list[str]) -> int:
    depth, start = 0, i
    while i < len(text):
        if text.startswith("/*", i):
            depth, i = depth + 1, i + 2
        elif text.startswith("*/", i):
            depth, i = depth - 1, i + 2
            if depth == 0:
                break
        else:
            i += 1
    out.append(_spaces(text[start:i]))
    return i


def _string_start(text: str, i: int) -> tuple[int, bool] | None:
    """(the number of `#`s, whether multi-line) of a string literal opening at `i`, or None."""
    hashes = 0
    while i + hashes < len(text) and text[i + hashes] == "#":
        hashes += 1
    quote = i + hashes
    if quote >= len(text) or text[quote] != '"':
        return None
    return hashes, text.startswith('"""', quote)


def _skip_string(text: str, i: int, hashes: int, multiline: bool, out: list[str]) -> int:
    """Blanks the literal opening at `i` (interpolations included) and returns where it ends."""
    start = i
    i += hashes + (3 if multiline else 1)
    closing = ('"""' if multiline else '"') + "#" * hashes
    escape = "\\" + "#" * hashes
    while i < len(text):
        if text.startswith(escape, i):
            i += len(escape)
            if i < len(text) and text[i] == "(":
                i = _skip_interpolation(text, i)
            else:
                i += 1
        elif text.startswith(closing, i):
            i += len(closing)
            break
        elif text[i] == "\n" and not multiline:
            break
        else:
            i += 1
    out.append(_spaces(text[start:i]))
    return i


def _skip_interpolation(text: str, i: int) -> int:
    """The index after the `)` that closes the interpolation whose `(` is at `i`."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c == '"' or (c == "#" and _string_start(text, i)):
            start = _string_start(text, i)
            if start is not None:
                i = _skip_string(text, i, *start, [])
                continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def _spaces(part: str) -> str:
    return "".join("\n" if c == "\n" else " " for c in part)


def functions(text: str) -> list[Function]:
    """Every function with a body in the Swift source `text`, in order."""
    code = blank(text)
    found = []
    for match in DECLARATION.finditer(code):
        body = _body_start(code, match.end())
        if body is None:
            continue
        end = _matching_brace(code, body)
        if end is None:
            continue
        first = code.count("\n", 0, match.start()) + 1
        last = code.count("\n", 0, end) + 1
        name = match.group(1).split()[-1] if match.group(1).startswith("func") else match.group(1)
        found.append(Function(name, first, last - first + 1))
    return found


def _body_start(code: str, i: int) -> int | None:
    """The index of the `{` that opens the body of the declaration whose signature starts at
    `i`, or None when the declaration has no body (a protocol requirement)."""
    closers: list[str] = []
    while i < len(code):
        c = code[i]
        if closers:
            if c in OPENERS:
                closers.append(OPENERS[c])
            elif c == closers[-1]:
                closers.pop()
        elif c == "{":
            return i
        elif c in "([":
            closers.append(OPENERS[c])
        elif c in "}=;":
            return None
        elif c == "\n" and NEXT_DECLARATION.match(code, i + 1):
            return None
        i += 1
    return None


def _matching_brace(code: str, i: int) -> int | None:
    depth = 0
    while i < len(code):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None
