import Foundation

/// A coder's settings behind a lock, as Foundation keeps `JSONDecoder`'s and `JSONEncoder`'s:
/// a coder configured on one thread while another codes is no data race, and each coding
/// reads its settings once, whole (``current``).
final class CoderSettings<Settings>: @unchecked Sendable {
    /// The settings; read and written only under ``lock``.
    private var settings: Settings
    /// Guards ``settings``.
    private let lock = NSLock()

    /// Settings starting as `initial`.
    init(_ initial: Settings) { settings = initial }

    /// A copy of every setting, taken at once.
    var current: Settings { lock.withLock { settings } }

    /// One setting.
    subscript<Member>(member: WritableKeyPath<Settings, Member>) -> Member {
        get { lock.withLock { settings[keyPath: member] } }
        set { lock.withLock { settings[keyPath: member] = newValue } }
    }
}
