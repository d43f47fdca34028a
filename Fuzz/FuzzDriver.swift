import Foundation

/// libFuzzer's `LLVMFuzzerRunDriver`, found at run time so that a build without libFuzzer links.
enum FuzzDriver {
    /// The function libFuzzer calls with each input.
    typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    /// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))`.
    typealias Entry =
        @convention(c) (
            UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
            Callback
        ) -> Int32

    /// The driver when the executable was built with `-sanitize=fuzzer`, else `nil`.
    static var entry: Entry? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") else { return nil }
        return unsafeBitCast(symbol, to: Entry.self)
    }

    /// Runs libFuzzer over ``Harness/selected`` with `arguments` (the program's name first).
    static func run(_ entry: Entry, arguments: [String]) -> Int32 {
        var argc = Int32(arguments.count)
        var strings = arguments.map { strdup($0) } + [nil]
        return strings.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return entry(&argc, &argv) { data, count in
                Harness.selected.run(UnsafeRawBufferPointer(start: data, count: count))
                return 0
            }
        }
    }

    /// Runs ``Harness/selected`` once on each file, or on each file in a folder.
    static func replay(files: [String]) -> Int32 {
        var count = 0
        for path in files {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            // (On Linux, listing a file's contents gives an empty list rather than an error.)
            let inside =
                isDirectory.boolValue
                ? (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [] : [url]
            for file in inside {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                data.withUnsafeBytes { Harness.selected.run($0) }
                count += 1
            }
        }
        print("\(Harness.selected.rawValue): \(count) inputs passed")
        return 0
    }
}
