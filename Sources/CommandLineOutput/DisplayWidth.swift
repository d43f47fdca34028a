/// Terminal columns of text: East Asian wide characters and emoji take two, combining marks
/// none. Used to cut and pad so that a row never wraps.
public enum DisplayWidth {
    /// The columns of a whole string.
    public static func of(_ text: some StringProtocol) -> Int { text.reduce(0) { $0 + of($1) } }

    /// The columns of one character (a grapheme cluster: an emoji with modifiers counts once).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 } // emoji presentation
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A,
            0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
            0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: return 0
            default: return 1
            }
        }
    }

    /// Control characters (line breaks, tabs, escapes) as spaces, so text from the API can
    /// never move the cursor or change the terminal's state.
    public static func clean(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.properties.generalCategory == .control ? " " : $0
                }))
    }

    /// At most `width` columns, ending in `…` when cut.
    public static func cut(_ text: String, _ width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// The last columns of `text` that fit in `width`, starting with `…` when cut.
    public static func tail(_ text: String, _ width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 1 else { return "" }
        var result: [Character] = []
        var used = 0
        for character in text.reversed() {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return "…" + String(result.reversed())
    }

    /// Cut to `width` columns and padded with spaces to exactly `width`.
    public static func fit(_ text: String, _ width: Int) -> String {
        let cut = cut(text, width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    /// Right-aligned in `width` columns.
    public static func fitRight(_ text: String, _ width: Int) -> String {
        let cut = cut(text, width)
        return String(repeating: " ", count: max(0, width - of(cut))) + cut
    }

    /// Word-wrapped lines of at most `width` columns; a word longer than a line is split.
    public static func wrap(_ text: String, _ width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var columns = of(word)
            if used > 0, used + 1 + columns <= width {
                line += " " + word
                used += 1 + columns
                continue
            }
            if used > 0 { lines.append(line) }
            while columns > width {
                var head = ""
                var headColumns = 0
                for character in word {
                    if headColumns + of(character) > width { break }
                    head.append(character)
                    headColumns += of(character)
                }
                if head.isEmpty { head = String(word.first!) }
                lines.append(head)
                word.removeFirst(head.count)
                columns = of(word)
            }
            line = word
            used = columns
        }
        if used > 0 { lines.append(line) }
        return lines
    }
}
