import Foundation

@testable import YajlMapper

struct MapPaths: Mappable {
    var deep: String?
    var firstName: String?
    var secondId: Int?
    var dotted: String?
    var arrowed: Int?
    var arrowedIndex: String?
    var nestedFalseArrow: String?
    var kept = "kept"
    var keptOptional: String? = "keptOptional"
    var replacedByNull: String? = "before"
    var missingDeep: String? = "unchanged"
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        deep <- map["a.b.c"]
        firstName <- map["items.0.name"]
        secondId <- map["items.1.id"]
        dotted <- map["version.major", nested: false]
        arrowed <- map["x->y", delimiter: "->"]
        arrowedIndex <- map["list->1->v", delimiter: "->"]
        nestedFalseArrow <- map["p->q", nested: false, delimiter: "->"]
        keptOptional <- map["nullable", ignoreNil: true]
        replacedByNull <- map["nullable"]
        missingDeep <- map["a.b.nothing"]
    }
}

struct MapContextValue: MapContext {
    let prefix: String
}

struct MapInspector: Mappable {
    var direction: MappingType?
    var idPresent = false
    var nullPresent = false
    var absentPresent = true
    var ignoredNullPresent = true
    var id: Int?
    var rawTags: [String]?
    var rawCount: Int?
    var child: MapContextChild?
    var topContext: String?
    var wasToObject: Bool?
    var name: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        direction = map.mappingType
        wasToObject = map.toObject
        idPresent = map["id"].isKeyPresent
        id <- map["id"]
        nullPresent = map["n"].isKeyPresent
        var n: Int?
        n <- map["n"] // also read with `<-`, so the plan keeps it (see keysReadOnlyThroughPresenceAndCurrentValue)
        absentPresent = map["absent"].isKeyPresent
        ignoredNullPresent = map["n", ignoreNil: true].isKeyPresent
        rawTags = map["tags"].currentValue as? [String]
        var tags: [String]?
        tags <- map["tags"]
        rawCount = map["count"].value()
        var count: Int?
        count <- map["count"]
        topContext = (map.context as? MapContextValue)?.prefix
        child <- map["child"]
        name <- map["name"]
    }
}

struct MapContextChild: Mappable {
    var label: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        var name: String?
        name <- map["name"]
        if let context = map.context as? MapContextValue, let name {
            label = context.prefix + name
        } else {
            label = name
        }
    }
}

/// Reads keys only through `isKeyPresent` and `currentValue`, never with `<-`.
struct MapPeeker: Mappable {
    var hasFlag = false
    var note: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        hasFlag = map["flag"].isKeyPresent
        note = map["note"].currentValue as? String
    }
}
