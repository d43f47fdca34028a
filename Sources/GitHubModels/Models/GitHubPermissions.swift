import YajlMapper

/// The authenticated caller's rights on a repository (`permissions`).
public struct GitHubPermissions: Mappable, Equatable, Sendable {
    /// `admin`.
    public var admin: Bool = false
    /// `maintain` (absent from older responses).
    public var maintain: Bool?
    /// `push`.
    public var push: Bool = false
    /// `triage` (absent from older responses).
    public var triage: Bool?
    /// `pull`.
    public var pull: Bool = false

    /// Creates permissions.
    /// - Parameters:
    ///   - admin: administer.
    ///   - maintain: maintain, when known.
    ///   - push: write.
    ///   - triage: triage, when known.
    ///   - pull: read.
    public init(admin: Bool = false, maintain: Bool? = nil, push: Bool = false, triage: Bool? = nil, pull: Bool = false)
    {
        self.admin = admin
        self.maintain = maintain
        self.push = push
        self.triage = triage
        self.pull = pull
    }

    /// Creates empty permissions for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the five rights, in both directions.
    public mutating func mapping(map: Map) {
        admin <- map["admin"]
        maintain <- map["maintain"]
        push <- map["push"]
        triage <- map["triage"]
        pull <- map["pull"]
    }
}

extension GitHubPermissions: Codable {}
