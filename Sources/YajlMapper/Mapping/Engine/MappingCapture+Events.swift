extension MappingCapture {
    /// The capture's own callback table: each event calls the capture directly.
    static let eventTable: ConsumerEventTable? = ConsumerEventTable(
        null: { ConsumerEvents<MappingCapture>.null($0) },
        bool: { ConsumerEvents<MappingCapture>.bool($0, $1) },
        number: { ConsumerEvents<MappingCapture>.number($0, $1, $2) },
        string: { ConsumerEvents<MappingCapture>.string($0, $1, $2) },
        key: { ConsumerEvents<MappingCapture>.key($0, $1, $2) },
        startObject: { ConsumerEvents<MappingCapture>.startObject($0) },
        endObject: { ConsumerEvents<MappingCapture>.endObject($0) },
        startArray: { ConsumerEvents<MappingCapture>.startArray($0) },
        endArray: { ConsumerEvents<MappingCapture>.endArray($0) })
}
