#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The width a table is cut to: `--width`, else the terminal's (when standard output is
/// one), else `$COLUMNS`, else 80.
public enum TerminalWidth {
    /// The width when nothing else says.
    public static let fallback = 80

    /// Picks the width from its sources, in order; a source that is absent or not a positive
    /// whole number is skipped.
    /// - Parameters:
    ///   - option: the `--width` given, if any.
    ///   - terminalColumns: the terminal's columns (``columns(of:)`` on standard output).
    ///   - environment: the variables, for `COLUMNS`.
    /// - Returns: the width in columns.
    public static func resolve(option: Int?, terminalColumns: Int?, environment: [String: String]) -> Int {
        if let option, option > 0 { return option }
        if let terminalColumns, terminalColumns > 0 { return terminalColumns }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return fallback
    }

    /// The columns of the terminal a descriptor is open on (`TIOCGWINSZ`).
    /// - Parameter descriptor: e.g. 1, standard output.
    /// - Returns: the columns; `nil` when the descriptor is not a terminal or reports none.
    public static func columns(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
