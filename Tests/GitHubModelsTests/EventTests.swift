import Foundation
import GitHubModels
import Testing
import YajlMapper

/// The activity stream's events (GH Archive lines), on generated files and on lines
/// written in the Events API's documented shape.
@Suite struct EventTests {
    /// The lines of a generated file.
    static func lines(events: Int, seed: UInt64 = 3) -> [[UInt8]] {
        EventFileGenerator(seed: seed).generate(events: events).split(separator: UInt8(ascii: "\n")).map(Array.init)
    }

    /// A decoder for the models' dates.
    static func decoder() -> YajlDecoder {
        let decoder = YajlDecoder()
        decoder.dateDecodingStrategy = .custom(GitHubDates.decode)
        return decoder
    }

    @Test func everyGeneratedEventMapsStrictlyAndDecodesAlike() throws {
        let lines = Self.lines(events: 3_000)
        #expect(lines.count == 3_000)
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .custom(GitHubDates.decode)
        var types: [String: Int] = [:]
        for line in lines {
            let event = try Mapper<GitHubEvent>(strict: true).map(data: line)
            #expect(try Self.decoder().decode(GitHubEvent.self, from: Data(line)) == event)
            #expect(try foundation.decode(GitHubEvent.self, from: Data(line)) == event)
            types[event.type, default: 0] += 1
            switch (event.type, event.payload) {
            case ("PushEvent", .push(let push)): #expect(push.commits.count == push.size)
            case ("CreateEvent", .create(let create)): #expect((create.ref == nil) == (create.refType == "repository"))
            case ("WatchEvent", .watch(let watch)): #expect(watch.action == "started")
            case ("PullRequestEvent", .pullRequest(let pull)): #expect(pull.number == pull.pullRequest.number)
            case ("IssueCommentEvent", .issueComment(let comment)): #expect(comment.comment.id > 0)
            case ("DeleteEvent", .delete(let delete)): #expect(!delete.ref.isEmpty)
            case ("IssuesEvent", .issues(let issues)): #expect(issues.issue.number > 0)
            case ("ForkEvent", .fork(let fork)): #expect(fork.forkee.id > 0)
            case ("PullRequestReviewEvent", .pullRequestReview(let review)): #expect(review.review.id > 0)
            case ("PullRequestReviewCommentEvent", .pullRequestReviewComment(let comment)):
                #expect(!comment.comment.path.isEmpty)
            case ("ReleaseEvent", .release(let release)): #expect(release.release.tagName.hasPrefix("v"))
            case ("GollumEvent", .other(let payload)): #expect(payload["pages"].array?.count == 1)
            default: Issue.record("\(event.type) read as \(event.payload)")
            }
        }
        #expect(types.count == 12, "every type is generated: \(types)")
        #expect(types["PushEvent"]! > 1_200 && types["PushEvent"]! < 1_800)
    }

    @Test func aMappedEventIsWrittenBackAsItWasRead() throws {
        let encoder = YajlEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for line in Self.lines(events: 200, seed: 9) {
            let event = try Mapper<GitHubEvent>(strict: true).map(data: line)
            let text = try #require(event.toJSONString())
            #expect(try Mapper<GitHubEvent>(strict: true).map(string: text) == event)
            #expect(try Self.decoder().decode(GitHubEvent.self, from: try encoder.encode(event)) == event)
        }
    }

    @Test func theGeneratorIsDeterministicAndChunked() {
        let whole = EventFileGenerator(seed: 5).generate(events: 500)
        var chunks: [UInt8] = []
        var count = 0
        EventFileGenerator(seed: 5).write(events: 500, chunkSize: 10_000) { chunk in
            #expect(chunk.last == UInt8(ascii: "\n"))
            chunks += chunk
            count += 1
        }
        #expect(chunks == whole && count > 10)
        #expect(EventFileGenerator(seed: 6).generate(events: 500) != whole)
    }

    /// A `WatchEvent` as the Events API documents its shape.
    static let watchEvent = """
        {"id":"2489651045","type":"WatchEvent","actor":{"id":665991,"login":"petroav","display_login":"petroav",\
        "gravatar_id":"","url":"https://api.github.com/users/petroav","avatar_url":"https://avatars.githubusercontent.com/u/665991?"},\
        "repo":{"id":28688495,"name":"petroav/6.828","url":"https://api.github.com/repos/petroav/6.828"},\
        "payload":{"action":"started"},"public":true,"created_at":"2015-01-01T15:00:00Z"}
        """

    @Test func aDocumentedEventReads() throws {
        let event = try Mapper<GitHubEvent>(strict: true).map(data: Array(Self.watchEvent.utf8))
        #expect(event.id == "2489651045" && event.actor.login == "petroav" && event.repo.name == "petroav/6.828")
        #expect(event.payload == .watch(try Mapper<GitHubWatchEventPayload>().map(string: #"{"action":"started"}"#)))
        #expect(event.createdAt == ISO8601DateTransform.date(from: "2015-01-01T15:00:00Z") && event.org == nil)
    }

    @Test func aMistypedPayloadFieldIsReportedAtItsPlace() throws {
        let text = Self.watchEvent.replacingOccurrences(of: #""action":"started""#, with: #""action":7"#)
        let error = try #require(throws: MappingError.self) {
            try Mapper<GitHubEvent>(strict: true).map(data: Array(text.utf8))
        }
        #expect(error.problems.map(\.keyPath) == ["payload.action"])
        let offset = try #require(text.utf8.firstIndex(of: UInt8(ascii: "7")))
        #expect(
            error.problems.first?.location?.column == text.utf8.distance(from: text.utf8.startIndex, to: offset) + 1)
    }

    @Test func anEventFileIsReadInOrderOnAnyNumberOfThreads() throws {
        // Blank lines between some events: lines are numbered as in the file.
        var text = EventFileGenerator(seed: 8).generate(events: 2_000)
        text.insert(contentsOf: Array("\n  \n".utf8), at: text.firstIndex(of: UInt8(ascii: "\n"))! + 1)
        let expected = Self.lines(events: 2_000, seed: 8).map { try? Mapper<GitHubEvent>(strict: true).map(data: $0) }
        for jobs in [1, 2, 3] {
            var read: [(GitHubEvent?, Int)] = []
            let count = try GitHubEventFile.read(
                bytes: text, jobs: jobs, transform: { ($0.event, $0.number) }, deliver: { read.append($0) })
            #expect(count == 2_000 && read.map(\.0) == expected)
            #expect(read.map(\.1) == [1] + Array(4...2_002))
        }
    }

    @Test func aLineThatIsNotJSONIsLocatedInTheFile() throws {
        var lines = Self.lines(events: 4, seed: 1).map { String(decoding: $0, as: UTF8.self) }
        lines[3] = String(lines[3].dropLast())
        var errors: [JSONParseError] = []
        try GitHubEventFile.read(bytes: Array(lines.joined(separator: "\n").utf8), jobs: 2, transform: \.parseError) {
            if let error = $0 { errors.append(error) }
        }
        #expect(errors.count == 1 && errors.first?.line == 4 && errors.first?.kind == .truncated)
    }
}
