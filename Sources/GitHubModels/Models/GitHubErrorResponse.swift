import YajlMapper

/// The body GitHub sends with an error status: 403 when rate-limited, 422 when a request
/// does not validate, 404, 401...
///
/// ```swift
/// if status >= 400, let error = try? Mapper<GitHubErrorResponse>().map(data: body) {
///     print(error.message, error.errors.map(\.code))
/// }
/// ```
public struct GitHubErrorResponse: Mappable, Equatable, Sendable, Error {
    /// `message`, e.g. `Validation Failed` or `API rate limit exceeded for 203.0.113.7. ...`.
    public var message: String = ""
    /// `documentation_url`.
    public var documentationUrl: String?
    /// `status`: the HTTP status as a string (sent by newer API versions).
    public var status: String?
    /// `errors`: what failed validation (422 responses); empty when absent.
    public var errors: [GitHubErrorDetail] = []

    /// Creates an error body.
    /// - Parameters:
    ///   - message: the message.
    ///   - documentationUrl: the documentation link.
    ///   - status: the HTTP status as a string.
    ///   - errors: the validation errors.
    public init(
        message: String = "", documentationUrl: String? = nil, status: String? = nil, errors: [GitHubErrorDetail] = []
    ) {
        self.message = message
        self.documentationUrl = documentationUrl
        self.status = status
        self.errors = errors
    }

    /// Creates an empty body for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps `message`, `documentation_url`, `status` and `errors`; `errors` is optional
    /// on the wire (only 422 responses have it) and written only when not empty.
    public mutating func mapping(map: Map) {
        message <- map["message"]
        documentationUrl <- map["documentation_url"]
        status <- map["status"]
        var details: [GitHubErrorDetail]? = errors.isEmpty ? nil : errors
        details <- map["errors"]
        errors = details ?? []
    }
}

/// One validation error of a 422 response: which `resource`'s `field` failed, and the `code`.
public struct GitHubErrorDetail: Mappable, Equatable, Sendable {
    /// `resource`, e.g. `Search` or `Repository`.
    public var resource: String?
    /// `field`, e.g. `q`.
    public var field: String?
    /// `code`: `missing`, `missing_field`, `invalid`, `already_exists`, `unprocessable` or `custom`.
    public var code: String = ""
    /// `message`: the explanation, sent with the `custom` and `invalid` codes.
    public var message: String?

    /// Creates a validation error.
    /// - Parameters:
    ///   - resource: the resource.
    ///   - field: the field.
    ///   - code: the code.
    ///   - message: the explanation.
    public init(resource: String? = nil, field: String? = nil, code: String = "", message: String? = nil) {
        self.resource = resource
        self.field = field
        self.code = code
        self.message = message
    }

    /// Creates an empty detail for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps `resource`, `field`, `code` and `message`, in both directions.
    public mutating func mapping(map: Map) {
        resource <- map["resource"]
        field <- map["field"]
        code <- map["code"]
        message <- map["message"]
    }
}
