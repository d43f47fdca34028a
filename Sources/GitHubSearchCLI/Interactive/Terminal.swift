#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the terminal could not be set up.
enum TerminalError: Error, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// `tcsetattr` failed, with `errno`.
    case cannotSetAttributes(Int32)

    var description: String {
        switch self {
        case .notATerminal: return "--interactive needs a terminal on standard input and output"
        case .cannotSetAttributes(let code):
            return "cannot set the terminal to raw mode: \(String(cString: strerror(code)))"
        }
    }
}

/// The terminal the interactive search draws on: raw mode, the alternate screen, the hidden
/// cursor, its size, and writes that handle short writes and interruptions.
///
/// ``enter()`` saves the terminal's settings; ``restore()`` puts them back (and is safe to call
/// more than once). Owned by one task.
final class Terminal {
    /// Enters the alternate screen, hides the cursor, clears the screen.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Resets colours, shows the cursor, leaves the alternate screen.
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    let input: Int32
    let output: Int32
    private var saved: termios?

    /// A terminal on these descriptors (standard input and output by default).
    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Whether both descriptors are terminals.
    var isTerminal: Bool { isatty(input) == 1 && isatty(output) == 1 }

    /// Switches to raw mode (no echo, no line editing, no signals from keys, no flow control),
    /// enters the alternate screen and hides the cursor.
    /// - Throws: ``TerminalError`` when the input is not a terminal or cannot be configured.
    func enter() throws {
        var original = termios()
        guard isTerminal, tcgetattr(input, &original) == 0 else { throw TerminalError.notATerminal }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { throw TerminalError.cannotSetAttributes(errno) }
        saved = original
        _ = write(Self.enterSequence)
    }

    /// Leaves the alternate screen, shows the cursor and restores the saved settings; does
    /// nothing when the terminal was not entered or was already restored.
    func restore() {
        guard var original = saved else { return }
        saved = nil
        _ = write(Self.leaveSequence)
        _ = tcsetattr(input, TCSADRAIN, &original)
    }

    /// The size in columns and rows (`TIOCGWINSZ`), 80x24 when it cannot be read.
    func size() -> TerminalSize {
        for descriptor in [output, input] {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
                return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
            }
        }
        return TerminalSize()
    }

    /// Writes all of the text.
    /// - Parameter text: what to write, escape sequences included.
    /// - Returns: `false` when the terminal went away (the write failed).
    func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                #elseif canImport(Musl)
                    Musl.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
            } else {
                return false
            }
        }
        return true
    }
}

/// A terminal's size.
struct TerminalSize: Equatable, Sendable {
    /// Columns: 80 by default.
    var columns = 80
    /// Rows: 24 by default.
    var rows = 24
}
