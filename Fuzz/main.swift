import Foundation

// `YajlMapperFuzz HARNESS [libFuzzer options] [corpus folders]`. Built with
// `-sanitize=fuzzer`, libFuzzer runs the harness; built without, each FILE is run once.

let arguments = CommandLine.arguments
guard arguments.count >= 2, let harness = Harness(rawValue: arguments[1]) else {
    let names = Harness.allCases.map(\.rawValue).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: YajlMapperFuzz \(names) [libFuzzer options] [FILE or DIR ...]\n".utf8))
    exit(2)
}
Harness.selected = harness
let rest = [arguments[0]] + arguments.dropFirst(2)
if let entry = FuzzDriver.entry {
    exit(FuzzDriver.run(entry, arguments: rest))
}
exit(FuzzDriver.replay(files: rest.dropFirst().filter { !$0.hasPrefix("-") }))
