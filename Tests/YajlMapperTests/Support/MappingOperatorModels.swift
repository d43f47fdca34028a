import Foundation
import Testing

@testable import YajlMapper

/// One model per integer type (generic types get one plan per specialisation).
struct OpIntBox<T: FixedWidthInteger & JSONScalar>: Mappable {
    var value: T = 7
    var optional: T? = 9
    var iuo: T!
    init?(map: Map) {}
    init() {}
    mutating func mapping(map: Map) {
        value <- map["v"]
        optional <- map["o"]
        iuo <- map["i"]
    }
}

enum OpIntegerType: String, CaseIterable, Sendable {
    case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64

    func check() throws {
        switch self {
        case .int: try OpIntegerChecks.run(Int.self)
        case .int8: try OpIntegerChecks.run(Int8.self)
        case .int16: try OpIntegerChecks.run(Int16.self)
        case .int32: try OpIntegerChecks.run(Int32.self)
        case .int64: try OpIntegerChecks.run(Int64.self)
        case .uint: try OpIntegerChecks.run(UInt.self)
        case .uint8: try OpIntegerChecks.run(UInt8.self)
        case .uint16: try OpIntegerChecks.run(UInt16.self)
        case .uint32: try OpIntegerChecks.run(UInt32.self)
        case .uint64: try OpIntegerChecks.run(UInt64.self)
        }
    }
}

enum OpIntegerChecks {
    static func run<T: FixedWidthInteger & JSONScalar>(_: T.Type) throws {
        let name = "\(T.self)"
        // Boundaries map exactly.
        for boundary in [T.min, T.max, T.min + 1, T.max - 1, 0] {
            let (box, problems) = lenientMap(
                OpIntBox<T>.self, #"{"v": \#(boundary), "o": \#(boundary), "i": \#(boundary)}"#)
            #expect(box?.value == boundary, "\(name) \(boundary)")
            #expect(box?.optional == boundary)
            #expect(box?.iuo == boundary)
            #expect(problems.isEmpty)
            let strict = try Mapper<OpIntBox<T>>(strict: true).map(string: #"{"v": \#(boundary)}"#)
            #expect(strict.value == boundary)
        }
        // Exponent and fraction-free spellings of integers.
        let (spelled, spelledProblems) = lenientMap(OpIntBox<T>.self, #"{"v": 1e2, "o": 5.0, "i": 0.3e1}"#)
        #expect(spelled?.value == 100)
        #expect(spelled?.optional == 5)
        #expect(spelled?.iuo == 3)
        #expect(spelledProblems.isEmpty)

        // One past each end: never wrapped, a numberOutOfRange problem; the non-optional is
        // left unchanged, the optionals become nil (as ObjectMapper makes them).
        let above = bumpMagnitude(String(T.max))
        let below = T.isSigned ? bumpMagnitude(String(T.min)) : "-1"
        for text in [above, below, "123456789012345678901234567890", "1e30"] {
            let (box, problems) = lenientMap(OpIntBox<T>.self, #"{"v": \#(text), "o": \#(text), "i": \#(text)}"#)
            #expect(box?.value == 7, "\(name) \(text)")
            #expect(box?.optional == nil)
            #expect(box?.iuo == nil)
            #expect(
                summaries(problems) == [
                    ProblemSummary(.numberOutOfRange, "v", name, text),
                    ProblemSummary(.numberOutOfRange, "o", name, text),
                    ProblemSummary(.numberOutOfRange, "i", name, text),
                ], "\(name) \(text)")
            let error = strictError(OpIntBox<T>.self, #"{"v": \#(text)}"#)
            #expect(error.map { summaries($0.problems) } == [ProblemSummary(.numberOutOfRange, "v", name, text)])
        }
        // A fraction is not an integer.
        let (fraction, fractionProblems) = lenientMap(OpIntBox<T>.self, #"{"v": 1.5, "o": -0.25}"#)
        #expect(fraction?.value == 7)
        #expect(fraction?.optional == nil)
        #expect(
            summaries(fractionProblems) == [
                ProblemSummary(.notAnInteger, "v", name, "1.5"),
                ProblemSummary(.notAnInteger, "o", name, "-0.25"),
            ])
        // No coercion from strings or booleans.
        let (mistyped, mistypedProblems) = lenientMap(OpIntBox<T>.self, #"{"v": "12", "o": true}"#)
        #expect(mistyped?.value == 7)
        #expect(mistyped?.optional == nil)
        #expect(summaries(mistypedProblems).map(\.kind) == [.typeMismatch, .typeMismatch])
        #expect(summaries(mistypedProblems).map(\.keyPath) == ["v", "o"])
        #expect(mistypedProblems.allSatisfy { $0.expected == name })
        #expect(summaries(mistypedProblems).map(\.found) == ["string", "bool"])
        // null: a problem for the non-optional, nil for optionals.
        let (nulls, nullProblems) = lenientMap(OpIntBox<T>.self, #"{"v": null, "o": null, "i": null}"#)
        #expect(nulls?.value == 7)
        #expect(nulls?.optional == nil)
        #expect(nulls?.iuo == nil)
        #expect(summaries(nullProblems) == [ProblemSummary(.typeMismatch, "v", name, "null")])
        // Absent: a missing problem for the non-optional, optionals untouched.
        let (absent, absentProblems) = lenientMap(OpIntBox<T>.self, "{}")
        #expect(absent?.value == 7)
        #expect(absent?.optional == 9)
        #expect(summaries(absentProblems) == [ProblemSummary(.missing, "v", name, nil)])
    }
}

enum OpColor: String, Sendable { case red, green, blue }
enum OpLevel: Int, Sendable { case low = 1, high = 10 }

struct OpOwner: Mappable, Equatable, Hashable {
    var login = ""
    var id = 0
    init?(map: Map) {}
    init(login: String, id: Int) {
        self.login = login
        self.id = id
    }
    mutating func mapping(map: Map) {
        login <- map["login"]
        id <- map["id"]
    }
}

struct OpModels: Mappable {
    var owner = OpOwner(login: "unset", id: -1)
    var optionalOwner: OpOwner?
    var iuoOwner: OpOwner!
    var owners: [OpOwner] = []
    var optionalOwners: [OpOwner]?
    var ownerSet: Set<OpOwner> = []
    var byName: [String: OpOwner] = [:]
    var grid: [[OpOwner]] = []
    var groups: [String: [OpOwner]] = [:]
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        owner <- map["owner"]
        optionalOwner <- map["optionalOwner"]
        iuoOwner <- map["iuoOwner"]
        owners <- map["owners"]
        optionalOwners <- map["optionalOwners"]
        ownerSet <- map["ownerSet"]
        byName <- map["byName"]
        grid <- map["grid"]
        groups <- map["groups"]
    }
}

struct OpEnums: Mappable {
    var color = OpColor.red
    var optionalColor: OpColor?
    var level = OpLevel.low
    var optionalLevel: OpLevel?
    var colors: [OpColor] = []
    var levelsByName: [String: OpLevel] = [:]
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        color <- map["color"]
        optionalColor <- map["ocolor"]
        level <- map["level"]
        optionalLevel <- map["olevel"]
        colors <- map["colors"]
        levelsByName <- map["levels"]
    }
}

struct OpTransforms: Mappable {
    var date = Date(timeIntervalSince1970: -1)
    var optionalDate: Date?
    var url: URL?
    var cents = 0
    var dates: [Date] = []
    var stamps: [String: Date] = [:]
    var optionalDates: [Date]?
    var enumByTransform: OpColor?
    static var centsTransform: TransformOf<Int, String> {
        TransformOf(
            fromJSON: { $0.flatMap(Double.init).map { Int(($0 * 100).rounded()) } },
            toJSON: { $0.map { String(Double($0) / 100) } })
    }
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        date <- (map["date"], DateTransform())
        optionalDate <- (map["odate"], DateTransform(unit: .milliseconds))
        url <- (map["url"], URLTransform())
        cents <- (map["price"], Self.centsTransform)
        dates <- (map["dates"], DateTransform())
        stamps <- (map["stamps"], DateTransform())
        optionalDates <- (map["odates"], DateTransform())
        enumByTransform <- (map["ecolor"], EnumTransform<OpColor>())
    }
}

struct OpGeneric: Mappable {
    var object: [String: Any] = [:]
    var anything: Any?
    var list: [Any] = []
    var number: NSNumber?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        object <- map["object"]
        anything <- map["anything"]
        list <- map["list"]
        number <- map["number"]
    }
}
