import Foundation
import Testing

@testable import YajlMapper

@Suite("Protocols: Mappable, StaticMappable, ImmutableMappable")
struct MappingProtocolTests {
    static let garage = """
        {"vehicles": [{"type": "car", "wheels": 4, "doors": 5}, {"type": "bike", "wheels": 2, "bell": true},
                      {"type": "cart", "wheels": 3}, {"wheels": 1}, {"type": "car", "doors": 3}],
         "favourite": {"type": "bike", "bell": false}}
        """

    @Test func staticMappablePicksSubclassesPerObject() throws {
        for round in 0..<2 {
            let mapper = Mapper<ProtoGarage>()
            let garage = try #require(mapper.map(JSONString: Self.garage))
            #expect(garage.vehicles.count == 4, "round \(round)")
            let car = try #require(garage.vehicles[0] as? ProtoCar)
            #expect(car.wheels == 4 && car.doors == 5)
            let bike = try #require(garage.vehicles[1] as? ProtoBike)
            #expect(bike.wheels == 2 && bike.bell == true)
            #expect(type(of: garage.vehicles[2]) == ProtoVehicle.self)
            #expect(garage.vehicles[2].wheels == 3)
            let second = try #require(garage.vehicles[3] as? ProtoCar)
            #expect(second.doors == 3 && second.wheels == nil)
            #expect((garage.favourite as? ProtoBike)?.bell == false)
            // The object without a type is refused and reported.
            #expect(
                summaries(mapper.lastProblems) == [ProblemSummary(.objectRejected, "vehicles[3]", "ProtoVehicle", nil)])
        }
        let top = try #require(
            Mapper<ProtoVehicle>().mapArray(
                JSONString: #"[{"type": "bike", "bell": true}, {"type": "car", "doors": 2}]"#))
        #expect((top[0] as? ProtoBike)?.bell == true)
        #expect((top[1] as? ProtoCar)?.doors == 2)
        #expect(Mapper<ProtoVehicle>().map(JSONString: #"{"wheels": 3}"#) == nil)
        #expect(throws: MappingError.self) { try Mapper<ProtoVehicle>().map(string: #"{"wheels": 3}"#) }
    }

    @Test func staticMappableDecidingOnAKeyItNeverMaps() throws {
        let shapes = try #require(
            Mapper<ProtoShape>().mapArray(
                JSONString:
                    #"[{"shape": "circle", "size": 1}, {"shape": "square", "size": 2}, {"shape": "circle", "size": 3}]"#
            ))
        #expect(shapes.map(\.size) == [1, 2, 3])
        #expect(shapes.map { $0 is ProtoCircle } == [true, false, true])
    }

    @Test func mappableMayRefuseObjects() throws {
        let mapper = Mapper<ProtoRequiresId>()
        let list = try #require(mapper.mapArray(JSONString: #"[{"id": 1, "name": "a"}, {"name": "b"}, {"id": 3}]"#))
        #expect(list.map(\.id) == [1, 3])
        #expect(list.map(\.name) == ["a", nil])
        #expect(summaries(mapper.lastProblems) == [ProblemSummary(.objectRejected, "[1]", "ProtoRequiresId", nil)])
        #expect(ProtoRequiresId(JSONString: #"{"name": "x"}"#) == nil)
        #expect(ProtoRequiresId(JSONString: #"{"id": 2}"#)?.id == 2)
        #expect(ProtoRequiresId(JSONString: "not json") == nil)
        #expect(ProtoRequiresId(JSON: ["id": 4, "name": "d"])?.name == "d")
        #expect(throws: MappingError.self) {
            try Mapper<ProtoRequiresId>(strict: true).mapArray(data: Array(#"[{"id": 1}, {}]"#.utf8))
        }
    }

    static let repo = """
        {"id": 9007199254740993, "name": "yajl", "description": null, "visibility": "private", "tier": 2,
         "owner": {"login": "lloyd", "id": 1}, "contributors": [{"login": "a", "id": 2}, {"login": "b", "id": 3}],
         "maintainer": {"login": "m", "id": 4}, "created": 1000, "topics": ["json", "c"],
         "by_role": {"admin": {"login": "r", "id": 5}}, "meta.license": "ISC"}
        """

    static let expectedRepo = ProtoRepo(
        id: 9_007_199_254_740_993, name: "yajl", description: nil, stars: 0, visibility: .private, tier: .pro,
        owner: ProtoUser(login: "lloyd", id: 1),
        contributors: [ProtoUser(login: "a", id: 2), ProtoUser(login: "b", id: 3)],
        reviewers: nil, maintainer: ProtoUser(login: "m", id: 4), created: Date(timeIntervalSince1970: 1000),
        archived: nil,
        topics: ["json", "c"], ownerLogin: "lloyd", byRole: ["admin": ProtoUser(login: "r", id: 5)], license: "ISC")

    @Test func immutableMappableReadsEveryKind() throws {
        for _ in 0..<2 {
            let viaMapper: ProtoRepo = try Mapper<ProtoRepo>().map(JSONString: Self.repo)
            #expect(viaMapper == Self.expectedRepo)
            let viaInit = try ProtoRepo(JSONString: Self.repo)
            #expect(viaInit == Self.expectedRepo)
            let viaData = try Mapper<ProtoRepo>(strict: true).map(data: Data(Self.repo.utf8))
            #expect(viaData == Self.expectedRepo)
        }
        let object = try JSONSerialization.jsonObject(with: Data(Self.repo.utf8)) as! [String: Any]
        // JSONSerialization reads 9007199254740993 exactly as an Int.
        #expect(try ProtoRepo(JSON: object) == Self.expectedRepo)
        let withStars = try ProtoRepo(
            JSONString: Self.repo.replacingOccurrences(
                of: #""tier": 2"#, with: #""tier": 0, "stars": 12, "archived": 5"#))
        #expect(withStars.stars == 12)
        #expect(withStars.tier == .free)
        #expect(withStars.archived == Date(timeIntervalSince1970: 5))
    }

    @Test(arguments: [
        (#""name": "yajl", "#, "", ProblemSummary(.missing, "name", "String", nil)),
        (
            #""owner": {"login": "lloyd", "id": 1}"#, #""owner": {"id": 1}"#,
            ProblemSummary(.missing, "owner.login", "String", nil)
        ),
        (
            #"{"login": "b", "id": 3}"#, #"{"login": "b", "id": "3"}"#,
            ProblemSummary(.typeMismatch, "contributors[1].id", "Int64", "string")
        ),
        (
            #""visibility": "private""#, #""visibility": "secret""#,
            ProblemSummary(.transformFailed, "visibility", "ProtoVisibility", "string")
        ),
        (#""tier": 2"#, #""tier": 3"#, ProblemSummary(.transformFailed, "tier", "ProtoTier", "number 3")),
        (#""tier": 2"#, #""tier": 2, "stars": "many""#, ProblemSummary(.typeMismatch, "stars", "Int", "string")),
        (
            #""created": 1000"#, #""created": "yesterday""#,
            ProblemSummary(.transformFailed, "created", "Date", "string")
        ),
        (
            #""id": 9007199254740993"#, #""id": 9223372036854775808"#,
            ProblemSummary(.numberOutOfRange, "id", "Int64", "9223372036854775808")
        ),
        (
            #""admin": {"login": "r", "id": 5}"#, #""admin": {"login": null, "id": 5}"#,
            ProblemSummary(.typeMismatch, "by_role.admin.login", "String", "null")
        ),
    ])
    func immutableMappableThrowsWithTheKeyPath(
        _ original: String, _ replacement: String, _ expected: ProblemSummary
    ) throws {
        let text = Self.repo.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.repo)
        for attempt in 0..<2 {
            do {
                let _: ProtoRepo = try Mapper<ProtoRepo>().map(JSONString: text)
                Issue.record("no error (attempt \(attempt))")
            } catch let error as MappingError {
                #expect(ProblemSummary(error.first) == expected)
                #expect(error.problems.last?.kind == .objectRejected || error.problems.count == 1)
            }
        }
        #expect(throws: MappingError.self) { try ProtoRepo(JSONString: text) }
    }

    @Test func immutableArraysAndInvalidJSON() throws {
        let users: [ProtoUser] = try Mapper<ProtoUser>().mapArray(
            JSONString: #"[{"login": "a", "id": 1}, {"login": "b", "id": 2}]"#)
        #expect(users == [ProtoUser(login: "a", id: 1), ProtoUser(login: "b", id: 2)])
        do {
            let _: [ProtoUser] = try Mapper<ProtoUser>(strict: true).mapArray(
                JSONString: #"[{"login": "a", "id": 1}, {"id": 2}]"#)
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(ProblemSummary(error.first) == ProblemSummary(.missing, "[1].login", "String", nil))
        }
        #expect(throws: JSONParseError.self) { try ProtoUser(JSONString: #"{"login": "a", "id": 1"#) }
        #expect(throws: JSONParseError.self) { let _: ProtoUser = try Mapper<ProtoUser>().map(JSONString: "[1,]") }
        #expect(throws: MappingError.self) { try ProtoUser(JSON: ["login": "a"]) }
        #expect(try ProtoUser(JSON: ["login": "a", "id": 3]) == ProtoUser(login: "a", id: 3))
    }

    @Test func immutableWritesWithItsMapping() throws {
        let json = Self.expectedRepo.toJSON()
        #expect(json["id"] as? Int64 == 9_007_199_254_740_993)
        #expect(json["visibility"] as? String == "private")
        #expect(json["tier"] as? Int == 2)
        #expect((json["owner"] as? [String: Any])?["login"] as? String == "lloyd")
        #expect((json["contributors"] as? [[String: Any]])?.count == 2)
        #expect(json["created"] as? Double == 1000)
        #expect(json["meta.license"] as? String == "ISC")
        #expect(json["description"] == nil)
        #expect(json.keys.contains("reviewers") == false)
        let text = try #require(Self.expectedRepo.toJSONString())
        #expect(try ProtoRepo(JSONString: text) == Self.expectedRepo)
    }
}
