extension String {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" || first == "\r" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
    return String(scalars)
  }
}
