import Foundation

@testable import YajlMapper

/// GeoJSON's shapes: coordinates nested three and four deep, and dictionaries of arrays.
struct Geometry: Mappable {
    var type: String?
    var polygon: [[[Double]]]?
    var multiPolygon: [[[[Double]]]]?
    var tags: [String: [Int]] = [:]
    var grid: [[String: [String]]]?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        type <- map["type"]
        polygon <- map["polygon"]
        multiPolygon <- map["multi"]
        tags <- map["tags"]
        grid <- map["grid"]
    }
}
