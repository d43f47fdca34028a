import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns signals into calls on a dispatch queue instead of their default action, for as long
/// as it is not cancelled: SIGINT, SIGTERM and SIGHUP to leave cleanly, SIGWINCH to redraw.
final class SignalWatcher {
    private var sources: [any DispatchSourceSignal] = []
    private let signals: [Int32]

    /// Starts watching.
    /// - Parameters:
    ///   - signals: the signals to catch.
    ///   - handler: called with the signal's number, on a background queue.
    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        let queue = DispatchQueue(label: "yajlmap-search signals")
        for number in signals {
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops watching and gives the signals their default actions back.
    func cancel() {
        for source in sources { source.cancel() }
        sources = []
        for number in signals { _ = signal(number, SIG_DFL) }
    }
}
