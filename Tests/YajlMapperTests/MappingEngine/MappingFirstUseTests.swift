import Foundation
import Testing
import YajlMapper

// The first mapping of a type learns its keys by running its `init?(map:)` and `mapping(map:)`
// once on an empty object (see README, "How the mapping engine works"). That run gets the
// context of the mapper that asked, so an `init?(map:)` that counts on its mapper's context
// (`map.context as! MyContext`, a common ObjectMapper pattern) works from the first document.

private struct Shop: MapContext {
    let currency: String
}

/// Needs the context in `init?(map:)`; each `Tag` makes a type of its own, mapped for the
/// first time by one test.
private struct Priced<Tag>: Mappable {
    let currency: String
    var amount: Int?
    init?(map: Map) { currency = (map.context as! Shop).currency }
    mutating func mapping(map: Map) { amount <- map["amount"] }
}

private struct Basket<Tag>: Mappable {
    var items: [Priced<Tag>]?
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

private enum ByString {}
private enum ByArray {}
private enum Nested {}
private enum Streamed {}
private enum Throwing {}

@Suite("The first mapping of a type")
struct MappingFirstUseTests {
    fileprivate let shop = Shop(currency: "EUR")

    @Test func contextReachesTheFirstInitOfAModel() throws {
        let one = try #require(Mapper<Priced<ByString>>(context: shop).map(JSONString: #"{"amount": 3}"#))
        #expect(one.currency == "EUR" && one.amount == 3)
    }

    @Test func contextReachesTheFirstInitOfArrayElements() throws {
        let many = try #require(
            Mapper<Priced<ByArray>>(context: shop).mapArray(JSONString: #"[{"amount": 1}, {"amount": 2}]"#))
        #expect(many.map(\.amount) == [1, 2] && many.allSatisfy { $0.currency == "EUR" })
    }

    @Test func contextReachesTheFirstInitOfANestedModel() throws {
        let basket = try #require(Mapper<Basket<Nested>>(context: shop).map(JSONString: #"{"items": [{"amount": 5}]}"#))
        #expect(basket.items?.map(\.amount) == [5] && basket.items?.first?.currency == "EUR")
    }

    @Test func contextReachesTheFirstInitOfStreamedElements() throws {
        var amounts: [Int?] = []
        let stream = MappingStreamParser<Priced<Streamed>>(
            mapper: Mapper<Priced<Streamed>>(context: shop), elementsAt: "items"
        ) {
            #expect($0.currency == "EUR")
            amounts.append($0.amount)
        }
        try stream.feed(Array(#"{"items": [{"amount": 7}, {"amount": 8}]}"#.utf8))
        _ = try stream.finish()
        #expect(amounts == [7, 8])
    }

    @Test func contextReachesTheFirstInitThroughTheThrowingEntryPoint() throws {
        let one = try Mapper<Priced<Throwing>>(context: shop).map(data: Array(#"{"amount": 9}"#.utf8))
        #expect(one.currency == "EUR" && one.amount == 9)
    }
}
