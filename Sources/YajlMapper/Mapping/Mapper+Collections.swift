/// ObjectMapper's nested collections of models at the root: a dictionary of arrays, an array
/// of arrays.
extension Mapper {
    /// ObjectMapper's dictionary of arrays: models only when every member is an array of
    /// objects (and, collecting `.every`, only when every object makes a model).
    func dictionaryOfArraysRun(_ collecting: Collecting) -> MappingRun<[String: [N]]> {
        run(root: [String: [N]].self) { document, place, session in
            let root = document.root
            guard document.kind(at: root) == .object else {
                session.reportMismatch(at: root, in: document, path: [], expected: "[String: [\(N.self)]]")
                return nil
            }
            var rows: [(JSONPath.Component, Int, DecodePlan?)] = []
            var keys: [String] = []
            document.forEachMember(ofObjectAt: root, place: place, session: session) { key, value, member in
                rows.append((.key(key), value, member))
                keys.append(key)
            }
            return Self.rowsOfModels(rows, collecting, document, session).map {
                Dictionary(uniqueKeysWithValues: zip(keys, $0))
            }
        }
    }

    /// ObjectMapper's array of arrays: models only when every element is an array of
    /// objects (and, collecting `.every`, only when every object makes a model).
    func arrayOfArraysRun(_ collecting: Collecting) -> MappingRun<[[N]]> {
        run(root: [[N]].self) { document, place, session in
            let root = document.root
            guard document.kind(at: root) == .array else {
                session.reportMismatch(at: root, in: document, path: [], expected: "[[\(N.self)]]")
                return nil
            }
            let rowPlace = place?.elementPlace(learning: session.learning)
            var rows: [(JSONPath.Component, Int, DecodePlan?)] = []
            document.forEachElement(ofArrayAt: root) { i, row in rows.append((.index(i), row, rowPlace)) }
            return Self.rowsOfModels(rows, collecting, document, session)
        }
    }

    /// The models of each row, when every row is an array of objects (else a problem at the
    /// first value that is not, and `nil`); objects refused are left out, or, collecting
    /// `.every`, make the result `nil`.
    static func rowsOfModels(
        _ rows: [(step: JSONPath.Component, index: Int, place: DecodePlan?)], _ collecting: Collecting,
        _ document: MappingDocument, _ session: MappingSession
    ) -> [[N]]? {
        for row in rows {
            guard document.kind(at: row.index) == .array else {
                session.reportMismatch(at: row.index, in: document, path: [row.step], expected: "[\(N.self)]")
                return nil
            }
            guard allObjects(ofArrayAt: row.index, in: document, at: [row.step], session) else { return nil }
        }
        var complete = true
        let models = rows.map { row in
            let (models, failures) = ModelBuilder.buildElements(
                N.self, ofArrayAt: row.index, place: row.place?.elementPlace(learning: session.learning),
                in: document, path: [row.step], session: session)
            if failures > 0 { complete = false }
            return models
        }
        return collecting == .every && !complete ? nil : models
    }
}
