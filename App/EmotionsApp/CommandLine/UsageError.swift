import OptionTable

/// A mistake on the command line (OptionTable's): the tool prints it and exits with status 2.
typealias UsageError = OptionTable.UsageError
