/// Word lists the fixture generator draws names, descriptions and metadata from.
///
/// Some entries are deliberately awkward: accents, CJK, emoji, quotes, backslashes,
/// new lines and tabs, so every escaping path of a JSON reader is exercised.
enum SearchPayloadVocabulary {
    static let nameWords = [
        "json", "parser", "swift", "rust", "async", "cache", "router", "kit", "core", "cli",
        "web", "api", "server", "client", "tools", "utils", "engine", "graph", "query", "stream",
        "tetris", "game", "boot", "kernel", "os", "shell", "config", "docs", "site", "blog",
        "vim", "emacs", "neovim", "plugin", "theme", "ui", "react", "vue", "svelte", "native",
        "data", "ml", "vision", "audio", "crypto", "chain", "wallet", "bot", "discord", "slack",
        "mapper", "yaml", "toml", "proto", "grpc", "http", "socket", "mqtt", "iot", "sensor",
        "awesome", "list", "notes", "dotfiles", "scripts", "lab", "demo", "example", "starter", "template",
        "compiler", "lexer", "vm", "jit", "lisp", "forth", "wasm", "gpu", "shader", "render",
    ]

    static let unicodeNameWords = [
        "café", "naïve", "zürich", "日本語", "中文", "привет", "crème-brûlée", "🚀", "señor", "ünïcödé",
    ]

    static let loginSyllables = [
        "ka", "to", "mi", "ra", "dev", "octo", "cat", "hub", "lin", "tor", "val", "ds", "sam",
        "jo", "el", "an", "na", "bit", "byte", "neo", "zen", "pix", "max", "li", "yu", "chen",
        "rob", "ert", "ma", "ria", "sven", "olu", "wa", "se", "un", "ko",
    ]

    static let orgSuffixes = ["-org", "-labs", "-dev", "-io", "hq", "-team", "-oss", "-project", "", ""]

    static let descriptionOpenings = [
        "A fast", "A tiny", "Yet another", "An experimental", "The official", "A minimal",
        "A blazing fast", "A small but complete", "Unofficial", "A production-ready",
    ]

    static let descriptionNouns = [
        "JSON parser", "HTTP router", "Tetris clone", "boot-sector game", "key-value store",
        "static site generator", "terminal UI toolkit", "neural network library", "Game Boy emulator",
        "Markdown editor", "dotfiles collection", "package manager", "web framework", "CLI tool",
    ]

    static let descriptionTails = [
        "written in pure Swift.", "for x86 in NASM.", "with zero dependencies.", "for the Commodore 64.",
        "that fits into 512 bytes.", "built on libyajl.", "for Raspberry Pi (bare metal).",
        "as described in \"The Elements of Computing Systems\".",
        "— inspired by the original.", "for humans™.", "with first-class Unicode support.",
    ]

    /// Extra sentences mixed into some descriptions: non-ASCII text and escapes.
    static let descriptionExtras = [
        "Supports paths like C:\\Users\\dev\\config.json and \"quoted\" names.",
        "Line one.\nLine two.\n\tIndented with a tab.",
        "日本語のドキュメントがあります。",
        "Fonctionne très bien avec les données françaises: é, è, à, ç.",
        "Now with emoji 🎉🔥✨ and a 👩‍💻 maintainer.",
        "Handles control characters: \u{01}\u{1F} and \u{08}backspace, \u{0C}form feed, \r\n.",
        "Многоязычная поддержка.",
        "Use `make && ./run --flag=\"x\"` to start.",
        "⚠️ Work in progress ⚠️",
        ":memo: Disassembly and notes.",
    ]

    static let topics = [
        "json", "swift", "rust", "parser", "cli", "linux", "macos", "ios", "android", "web",
        "javascript", "typescript", "python", "machine-learning", "deep-learning", "game", "tetris",
        "assembly", "x86", "6502", "emulator", "raspberry-pi", "iot", "database", "http", "api",
        "hacktoberfest", "awesome-list", "docker", "kubernetes", "react", "vue", "neovim", "terminal",
        "compiler", "wasm", "security", "cryptography", "blockchain", "open-source",
    ]

    static let languages = [
        "JavaScript", "Python", "Java", "TypeScript", "C#", "C++", "PHP", "Shell", "C", "Ruby",
        "Go", "Rust", "Swift", "Kotlin", "Jupyter Notebook", "HTML", "CSS", "Objective-C", "Dart",
        "Vue", "Assembly", "Haskell", "Lua", "Scala", "Vim Script", "Emacs Lisp",
    ]

    static let defaultBranches = ["main", "main", "main", "master", "master", "develop", "trunk", "gh-pages"]

    /// A license as the search API embeds it.
    struct License {
        let key: String
        let name: String
        let spdxID: String?
        let hasURL: Bool
        let number: Int
    }

    static let licenses = [
        License(key: "mit", name: "MIT License", spdxID: "MIT", hasURL: true, number: 13),
        License(key: "apache-2.0", name: "Apache License 2.0", spdxID: "Apache-2.0", hasURL: true, number: 2),
        License(key: "gpl-3.0", name: "GNU General Public License v3.0", spdxID: "GPL-3.0", hasURL: true, number: 9),
        License(key: "gpl-2.0", name: "GNU General Public License v2.0", spdxID: "GPL-2.0", hasURL: true, number: 8),
        License(
            key: "bsd-3-clause", name: "BSD 3-Clause \"New\" or \"Revised\" License", spdxID: "BSD-3-Clause",
            hasURL: true, number: 5),
        License(
            key: "bsd-2-clause", name: "BSD 2-Clause \"Simplified\" License", spdxID: "BSD-2-Clause",
            hasURL: true, number: 4),
        License(key: "unlicense", name: "The Unlicense", spdxID: "Unlicense", hasURL: true, number: 15),
        License(key: "mpl-2.0", name: "Mozilla Public License 2.0", spdxID: "MPL-2.0", hasURL: true, number: 14),
        License(
            key: "agpl-3.0", name: "GNU Affero General Public License v3.0", spdxID: "AGPL-3.0",
            hasURL: true, number: 1),
        License(key: "other", name: "Other", spdxID: "NOASSERTION", hasURL: false, number: 0),
    ]
}
