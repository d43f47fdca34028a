// canada.json (GeoJSON: one feature, Canada's outline as a polygon of 480 rings, 111,126
// numbers) as one model type read both by YajlMapper's DSL and by JSONDecoder.

import Foundation
import YajlMapper

/// A GeoJSON feature collection.
struct GeoFeatureCollection: Mappable, Decodable, Equatable {
    var type = ""
    var features: [GeoFeature] = []

    enum CodingKeys: String, CodingKey {
        case type, features
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        type <- map["type"]
        features <- map["features"]
    }
}

/// A GeoJSON feature: its properties (here only `name`) and its geometry.
struct GeoFeature: Mappable, Decodable, Equatable {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = GeoGeometry()

    enum CodingKeys: String, CodingKey {
        case type, properties, geometry
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        type <- map["type"]
        properties <- map["properties"]
        geometry <- map["geometry"]
    }
}

/// A polygon geometry: rings of [longitude, latitude] positions. Equal when the
/// coordinates have the same bit patterns (so `-0.0` and `0.0` differ, and a NaN equals itself).
struct GeoGeometry: Mappable, Decodable, Equatable {
    var type = ""
    /// Rings of positions, declared as an ObjectMapper model would.
    var coordinates: [[[Double]]]!

    enum CodingKeys: String, CodingKey {
        case type, coordinates
    }

    /// An empty geometry, replaced by the one read.
    init() {}

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        type <- map["type"]
        coordinates <- map["coordinates"]
    }

    /// Same type, and coordinates with the same shape and bit patterns.
    static func == (lhs: GeoGeometry, rhs: GeoGeometry) -> Bool {
        guard lhs.type == rhs.type else { return false }
        switch (lhs.coordinates, rhs.coordinates) {
        case (nil, nil):
            return true
        case (let left?, let right?):
            return left.elementsEqual(right) { leftRing, rightRing in
                leftRing.elementsEqual(rightRing) { leftPosition, rightPosition in
                    leftPosition.elementsEqual(rightPosition) { $0.bitPattern == $1.bitPattern }
                }
            }
        default:
            return false
        }
    }
}

// MARK: Contenders

/// The canada pair, on standard/canada.
func canadaModelPair() -> ModelPair {
    modelPair("canada model", .canada) { (collection: GeoFeatureCollection) in collection.features.count }
}
