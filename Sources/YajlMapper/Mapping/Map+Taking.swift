/// The selected value for a read.
extension Map {
    /// The selected value as a ``YajlMapper/JSON`` value, `nil` when absent (see ``currentNode``).
    func take() -> YajlMapper.JSON? { currentNode }
}
