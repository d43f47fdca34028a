import CommandLineOutput
import YajlMapCLI

#if canImport(Glibc)
    import Glibc
#endif

// Thin: all logic lives in YajlMapCLI, where tests run it in-process.
let io = CommandIO.process()
let status = YajlMapCommand.run(Array(CommandLine.arguments.dropFirst()), io: io)
io.flush()
exit(status)
