import Foundation

@testable import YajlMapper

// Plans are learned per root shape for the process, so each test uses its own specialisation
// (`Tag`) of the generic models: every test starts from no plan.
enum PlanTagWhole {}
enum PlanTagWholeStrict {}
enum PlanTagReplay {}
enum PlanTagNested {}
enum PlanTagValueFirst {}
enum PlanTagModelFirst {}
enum PlanTagStream1 {}
enum PlanTagStream7 {}
enum PlanTagStream4096 {}
enum PlanTagStreamStrict {}
enum PlanTagConcurrent {}

/// Reads `a` or `b` depending on `kind`, which it reads first; counts its mappings in
/// ``MissCounter``.
struct PlanBranch<Tag>: Mappable, Equatable {
    var kind = ""
    var a: Int?
    var b: String?
    var common = 0
    init?(map: Map) {}
    init(kind: String, a: Int? = nil, b: String? = nil, common: Int) {
        self.kind = kind
        self.a = a
        self.b = b
        self.common = common
    }
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        if !kind.isEmpty { MissCounter.shared.bump(Self.self) }
        if kind == "a" {
            a <- map["a"]
        } else {
            b <- map["b"]
        }
        common <- map["common"]
    }
}

struct PlanBranchPage<Tag>: Mappable {
    var items: [PlanBranch<Tag>] = []
    var total = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        total <- map["total"]
        items <- map["items"]
    }
}

/// A branch that reads a nested model and a nested path only for some objects.
struct PlanDeepBranch<Tag>: Mappable {
    var kind = ""
    var owner: OpOwner?
    var city: String?
    var zip: Int = -1
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        switch kind {
        case "owner": owner <- map["owner"]
        case "address": city <- map["address.city"]
        default: break
        }
        zip <- map["address.zip"]
    }
}

struct PlanInner: Mappable, Equatable {
    var x = 0
    init?(map: Map) {}
    init(x: Int) { self.x = x }
    mutating func mapping(map: Map) { x <- map["x"] }
}

/// Reads `payload` as a string in some objects and as a model in others.
struct PlanPayload<Tag>: Mappable, Equatable {
    var kind = ""
    var text: String?
    var inner: PlanInner?
    init?(map: Map) {}
    init(kind: String, text: String? = nil, inner: PlanInner? = nil) {
        self.kind = kind
        self.text = text
        self.inner = inner
    }
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        if kind == "object" {
            inner <- map["payload"]
        } else {
            text <- map["payload"]
        }
    }
}

struct PlanComment: Mappable, Equatable, Sendable {
    var id = 0
    var text = ""
    var replies: [PlanComment] = []
    var parent: PlanCommentRef?
    init?(map: Map) {}
    init(id: Int, text: String, replies: [PlanComment] = [], parent: PlanCommentRef? = nil) {
        self.id = id
        self.text = text
        self.replies = replies
        self.parent = parent
    }
    mutating func mapping(map: Map) {
        id <- map["id"]
        text <- map["text"]
        replies <- map["replies"]
        parent <- map["parent"]
    }
}

struct PlanCommentRef: Mappable, Equatable, Sendable {
    var id = 0
    var comment: [PlanComment]?
    init?(map: Map) {}
    init(id: Int) { self.id = id }
    mutating func mapping(map: Map) {
        id <- map["id"]
        comment <- map["thread"]
    }
}

final class PlanImmutableNode: ImmutableMappable, Equatable {
    static func == (a: PlanImmutableNode, b: PlanImmutableNode) -> Bool {
        a.name == b.name && a.children == b.children && a.next == b.next
    }
    let name: String
    let children: [PlanImmutableNode]
    let next: PlanImmutableNode?
    init(name: String, children: [PlanImmutableNode] = [], next: PlanImmutableNode? = nil) {
        self.name = name
        self.children = children
        self.next = next
    }
    required init(map: Map) throws {
        name = try map.value("name")
        children = try map.value("children")
        next = try map.value("next")
    }
}

/// A document whose items switch branch: b, a, b, a, a, b, ... (b first).
func branchDocument(count: Int, pretty: Bool = false) -> (text: String, expected: [PlanBranch<Never>]) {
    var parts: [String] = []
    var expected: [PlanBranch<Never>] = []
    for i in 0..<count {
        if i % 3 == 1 || i % 5 == 4 {
            parts.append(#"{"kind": "a", "a": \#(i), "b": "unused\#(i)", "common": \#(i * 10)}"#)
            expected.append(PlanBranch(kind: "a", a: i, common: i * 10))
        } else {
            parts.append(#"{"b": "text\#(i)", "kind": "b", "a": -1, "common": \#(i * 10), "extra": {"deep": [1, 2]}}"#)
            expected.append(PlanBranch(kind: "b", b: "text\(i)", common: i * 10))
        }
    }
    let separator = pretty ? ",\n    " : ","
    let text =
        pretty
        ? "{\n  \"total\": \(count),\n  \"items\": [\n    \(parts.joined(separator: separator))\n  ]\n}"
        : #"{"total": \#(count), "items": [\#(parts.joined(separator: separator))]}"#
    return (text, expected)
}

extension PlanBranch {
    /// The same values in another specialisation, for comparing with ``branchDocument``.
    var erased: PlanBranch<Never> { PlanBranch<Never>(kind: kind, a: a, b: b, common: common) }
}
