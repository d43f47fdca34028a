import Foundation

@testable import YajlMapper

/// A page whose items are read only when its total is not negative.
struct CollectedPage: Mappable {
    var items: [SparseItem] = []
    var total = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        total <- map["total"]
        if total >= 0 { items <- map["items"] }
    }
}

/// Keeps the map it was mapped with (ObjectMapper does not forbid it).
final class KeepingItem: Mappable {
    var id = 0
    var name = ""
    var map: Map?
    init?(map: Map) {}
    func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        self.map = map
    }
}

struct KeepingPage: Mappable {
    var items: [KeepingItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

/// Pages inside a page: each inner page's items are mapped when the inner page reads them.
struct KeepingBook: Mappable {
    var pages: [KeepingPage] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { pages <- map["pages"] }
}

/// A context the page's mapping fills before its items are read, and the items read.
final class PrefixContext: MapContext {
    var prefix = ""
}

struct PrefixedItem: Mappable, Equatable {
    var name = ""
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        name <- map["name"]
        if let context = map.context as? PrefixContext { name = context.prefix + name }
    }
}

struct PrefixedPage: Mappable {
    var items: [PrefixedItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        var prefix = ""
        prefix <- map["prefix"]
        (map.context as? PrefixContext)?.prefix = prefix
        items <- map["items"]
    }
}

/// Reads one array twice, and as models of another type when `flag` is set.
struct TwoReadsPage: Mappable {
    var flag = false
    var first: [SparseItem] = []
    var second: [SparseItem]?
    var owners: [OpOwner] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        flag <- map["flag"]
        if flag {
            owners <- map["items"]
        } else {
            first <- map["items"]
            second <- map["items"]
        }
    }
}

struct ImmutableItemsPage: ImmutableMappable {
    let items: [SparseItem]
    init(map: Map) throws { items = try map.value("items") }
}

/// The order in which the mappings below ran (only the test of that order maps them).
final class MappingOrderLog: @unchecked Sendable {
    static let shared = MappingOrderLog()
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    func take() -> [String] {
        lock.withLock {
            defer { entries = [] }; return entries
        }
    }
}

struct LoggedItem: Mappable {
    var name = ""
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        name <- map["name"]
        MappingOrderLog.shared.add(name)
    }
}

struct LoggedPage: Mappable {
    var items: [LoggedItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        MappingOrderLog.shared.add("page")
        items <- map["items"]
    }
}

/// A group of items: its own array of models is built by its mapping, when the group is.
struct ItemGroup: Mappable, Equatable {
    var name = ""
    var items: [SparseItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        name <- map["name"]
        items <- map["items"]
    }
}

/// Arrays of models at a nested key, at the root's key, and inside another array's elements.
struct ManyArraysPage: Mappable {
    var first: [SparseItem] = []
    var owners: [OpOwner] = []
    var groups: [ItemGroup] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        first <- map["data.first"]
        owners <- map["owners"]
        groups <- map["groups"]
    }
}

/// Reads one value through a key path (`owner.avatar_url`); for a negative `id`, also the
/// path's object itself as a value (what the tape kept of it), and for
/// `id` 99 keeps its map.
struct AvatarItem: Mappable, Equatable {
    var id = 0
    var avatar: String?
    var ownerValue: JSON?
    var map: Map?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        id <- map["id"]
        avatar <- map["owner.avatar_url"]
        if id < 0 { ownerValue = map["owner"].currentJSON }
        if id == 99 { self.map = map }
    }
    static func == (a: AvatarItem, b: AvatarItem) -> Bool {
        a.id == b.id && a.avatar == b.avatar && a.ownerValue == b.ownerValue
    }
}

struct AvatarPage: Mappable {
    var items: [AvatarItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

/// Reads a key path's one value and keeps its map (a type of its own: its plan is not
/// widened by another test's reads).
final class KeptAvatarItem: Mappable {
    var avatar: String?
    var map: Map?
    init?(map: Map) {}
    func mapping(map: Map) {
        avatar <- map["owner.avatar_url"]
        self.map = map
    }
}

struct KeptAvatarPage: Mappable {
    var items: [KeptAvatarItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}
