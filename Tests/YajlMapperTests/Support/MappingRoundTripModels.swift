import Foundation

@testable import YajlMapper

struct RTOwner: Mappable, Equatable, Hashable {
    var login = ""
    var id: Int?
    init?(map: Map) {}
    init(login: String, id: Int?) {
        self.login = login
        self.id = id
    }
    mutating func mapping(map: Map) {
        login <- map["login"]
        id <- map["id"]
    }
}

struct RTAll: Mappable, Equatable {
    var i = 0, i8: Int8 = 0, i16: Int16 = 0, i32: Int32 = 0, i64: Int64 = 0
    var u: UInt = 0, u8: UInt8 = 0, u16: UInt16 = 0, u32: UInt32 = 0, u64: UInt64 = 0
    var f: Float = 0, d: Double = 0, b = false, s = "", dec: Decimal = 0
    var oi: Int?
    var iuo: String!
    var ints: [Int] = []
    var strings: Set<String> = []
    var dict: [String: Int] = [:]
    var matrix: [[Int]] = []
    var owner = RTOwner(login: "", id: nil)
    var optionalOwner: RTOwner?
    var owners: [RTOwner] = []
    var ownerSet: Set<RTOwner> = []
    var byName: [String: RTOwner] = [:]
    var grid: [[RTOwner]] = []
    var groups: [String: [RTOwner]] = [:]
    var color = OpColor.red
    var optionalLevel: OpLevel?
    var colors: [OpColor] = []
    var levels: [String: OpLevel] = [:]
    var date = Date(timeIntervalSince1970: 0)
    var dates: [Date] = []
    var nested: String?
    var listName: String?
    var listSecond: Int?
    var dotted: String?
    var arrow: Int?
    var readOnlyEcho = "not read"

    init?(map: Map) {}
    init() {}

    mutating func mapping(map: Map) {
        i <- map["i"]; i8 <- map["i8"]; i16 <- map["i16"]; i32 <- map["i32"]; i64 <- map["i64"]
        u <- map["u"]; u8 <- map["u8"]; u16 <- map["u16"]; u32 <- map["u32"]; u64 <- map["u64"]
        f <- map["f"]; d <- map["d"]; b <- map["b"]; s <- map["s"]; dec <- map["dec"]
        oi <- map["oi"]
        iuo <- map["iuo"]
        ints <- map["ints"]
        strings <- map["strings"]
        dict <- map["dict"]
        matrix <- map["matrix"]
        owner <- map["owner"]
        optionalOwner <- map["optionalOwner"]
        owners <- map["owners"]
        ownerSet <- map["ownerSet"]
        byName <- map["byName"]
        grid <- map["grid"]
        groups <- map["groups"]
        color <- map["color"]
        optionalLevel <- map["level"]
        colors <- map["colors"]
        levels <- map["levels"]
        date <- (map["date"], DateTransform())
        dates <- (map["dates"], DateTransform())
        nested <- map["meta.nested.value"]
        listName <- map["list.0.name"]
        listSecond <- map["list.1.n"]
        dotted <- map["a.b", nested: false]
        arrow <- map["x->y", delimiter: "->"]
        readOnlyEcho >>> map["echo"]
    }

    static var sample: RTAll {
        var m = RTAll()
        m.i = Int.min; m.i8 = -128; m.i16 = 32767; m.i32 = Int32.min; m.i64 = Int64.max
        m.u = UInt.max; m.u8 = 255; m.u16 = 65535; m.u32 = UInt32.max; m.u64 = UInt64.max
        m.f = 0.1; m.d = -1.5e-10; m.b = true; m.s = "quote \" slash \\ é 😀\n";
        m.dec = Decimal(string: "1234567890.0123456789")!
        m.oi = 0
        m.iuo = "iuo"
        m.ints = [3, -1, 2]
        m.strings = ["x", "y"]
        m.dict = ["a": 1, "b": -2]
        m.matrix = [[1], [], [2, 3]]
        m.owner = RTOwner(login: "o", id: 1)
        m.optionalOwner = RTOwner(login: "p", id: nil)
        m.owners = [RTOwner(login: "q", id: 2), RTOwner(login: "r", id: 3)]
        m.ownerSet = [RTOwner(login: "s", id: 4)]
        m.byName = ["t": RTOwner(login: "t", id: 5)]
        m.grid = [[RTOwner(login: "u", id: 6)], []]
        m.groups = ["g": [RTOwner(login: "v", id: 7)], "h": []]
        m.color = .blue
        m.optionalLevel = .high
        m.colors = [.green, .red]
        m.levels = ["x": .low]
        m.date = Date(timeIntervalSince1970: 1_600_000_000.5)
        m.dates = [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)]
        m.nested = "deep"
        m.listName = "first"
        m.listSecond = 2
        m.dotted = "literal"
        m.arrow = 9
        return m
    }
}
