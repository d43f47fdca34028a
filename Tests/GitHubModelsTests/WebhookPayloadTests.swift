import Foundation
import GitHubModels
import Testing
import YajlMapper

/// The webhook payload models against GitHub's own recorded payloads and their schemas
/// (`../shared/corpus/github-webhooks`; skipped without it).
@Suite struct WebhookPayloadTests {
    /// The events modelled.
    static let events = GitHubWebhookEvent.allCases.map(\.rawValue)

    /// The fields an event's payload model reads.
    static func fields(ofEvent event: String) throws -> [ProbedField] {
        let model = try #require(GitHubWebhookEvent(rawValue: event)).model
        return try FieldProbe.fields(of: model)
    }

    /// The examples of every modelled event, as `event/file`.
    static let examples = events.flatMap { event in webhookExamples(event).map { "\(event)/\($0.lastPathComponent)" } }

    /// A decoder for the models' dates.
    static func decoder() -> YajlDecoder {
        let decoder = YajlDecoder()
        decoder.dateDecodingStrategy = .custom(GitHubDates.decode)
        return decoder
    }

    @Test("every example maps strictly, and decodes to the same value", arguments: examples)
    func exampleMapsAndDecodes(_ example: String) throws {
        let (event, file) = (String(example.split(separator: "/")[0]), String(example.split(separator: "/")[1]))
        let body = try Data(contentsOf: try #require(webhookExamples(event).first { $0.lastPathComponent == file }))
        let model = try #require(GitHubWebhookEvent(rawValue: event)).model
        try Self.mapsAndDecodesAlike(model, body)
        // Facts each recorded payload of these events holds.
        switch try GitHubWebhookPayload(event: event, body: body) {
        case .push(let mapped):
            #expect(mapped.ref.hasPrefix("refs/") && mapped.repository.createdAt.timeIntervalSince1970 > 1e9)
            #expect(mapped.headCommit?.id == (mapped.isDeleted ? nil : mapped.after))
        case .issues(let mapped):
            #expect(mapped.issue.id > 0 && !mapped.repository.fullName.isEmpty && !mapped.sender.login.isEmpty)
        case .pullRequest(let mapped):
            #expect(mapped.number == mapped.pullRequest.number && !mapped.pullRequest.head.sha.isEmpty)
        case .star(let mapped):
            #expect((mapped.starredAt != nil) == (mapped.action == "created"))
        case .fork(let mapped):
            #expect(mapped.forkee.isFork && mapped.forkee.id != mapped.repository.id)
        case .ping(let mapped):
            #expect(mapped.hookId > 0 && mapped.hook.id > 0 && !mapped.hook.events.isEmpty && !mapped.zen.isEmpty)
        case .workflowRun(let mapped):
            #expect(mapped.workflowRun.workflowId == mapped.workflow.id && mapped.workflowRun.runNumber > 0)
        case .checkRun(let mapped):
            #expect(mapped.checkRun.headSha == mapped.checkRun.checkSuite.headSha && !mapped.checkRun.name.isEmpty)
        case .workflowJob(let mapped):
            #expect(mapped.workflowJob.steps.allSatisfy { $0.number > 0 } && !mapped.workflowJob.name.isEmpty)
        case .status(let mapped):
            #expect(mapped.commit.sha == mapped.sha && !mapped.context.isEmpty)
        case .other(let name, _):
            Issue.record("\(name) was not mapped to its model")
        default:
            break
        }
    }

    /// `body` mapped strictly as `Event`, and decoded to an equal value by both decoders.
    static func mapsAndDecodesAlike<Event: GitHubWebhookEventModel>(_ type: Event.Type, _ body: Data) throws {
        let mapped = try Mapper<Event>(strict: true).map(data: body)
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .custom(GitHubDates.decode)
        #expect(try decoder().decode(Event.self, from: body) == mapped)
        #expect(try foundation.decode(Event.self, from: body) == mapped)
    }

    @Test func anEventWithoutAModelKeepsItsPayload() throws {
        let payload = try GitHubWebhookPayload(event: "zen", body: Array(#"{"zen":"Keep it logically awesome."}"#.utf8))
        #expect(payload == .other(event: "zen", payload: ["zen": "Keep it logically awesome."]))
    }

    @Test func aMissingRequiredFieldIsReportedWhereItsObjectIs() throws {
        let url = try #require(
            webhookExamples("issue_comment").first { $0.lastPathComponent == "created.payload.json" })
        var text = try String(contentsOf: url, encoding: .utf8)
        // The comment's `body` renamed: its object is there, without it.
        let range = try #require(text.range(of: #""body": "You are totally right! I'll get this fixed right away.""#))
        text.replaceSubrange(range, with: #""bodx": "You are totally right! I'll get this fixed right away.""#)
        let error = try #require(throws: MappingError.self) {
            try GitHubWebhookPayload(event: "issue_comment", body: Array(text.utf8))
        }
        let problem = try #require(error.problems.first)
        #expect(error.problems.count == 1)
        #expect(problem.keyPath == "comment.body")
        let commentLine = text.components(separatedBy: "\n").firstIndex { $0.contains(#""comment": {"#) }! + 1
        #expect(problem.location?.line == commentLine)
    }

    /// The schema files the models follow (several joined by `+`: the model is read from
    /// payloads of every one of them; `file#property`: that property's schema, inline).
    static let modelSchemas = [
        "common/user", "common/label", "common/milestone", "common/reactions", "common/issue", "common/issue-comment",
        "common/release", "common/release-asset", "common/commit", "common/committer",
        "common/team+membership/removed#team",
        "common/pull-request+common/simple-pull-request+pull_request_review_comment/created#pull_request",
        "common/pull-request-review",
        "common/pull-request-review-comment", "common/app", "common/repo-ref", "common/check-run-pull-request",
        "common/commit-simple", "check_run/completed#check_run/output", "common/organization",
        "commit_comment/created#comment", "common/deployment", "deployment_status/created#deployment_status",
        "common/workflow-job", "common/discussion", "common/discussion-category",
        "discussion_comment/created#comment+discussion/answered#answer", "common/project", "common/project-column",
        "common/project-card", "common/installation", "common/membership", "deploy_key/created#key",
        "page_build/event#build", "merge_group/checks_requested#merge_group",
        "pull_request_review_thread/resolved#thread",
        "ping/event#hook+meta/deleted#hook", "code_scanning_alert/created#alert", "common/dependabot-alert",
        "common/secret-scanning-alert+secret_scanning_alert/reopened#alert",
        "common/repository-vulnerability-alert-alert",
        "security_advisory/published#security_advisory", "common/marketplace-purchase", "common/projects_v2_item",
        "sponsorship/created#sponsorship", "package/published#package+registry_package/published#registry_package",
        "common/branch-protection-rule",
        "check_suite/completed#check_suite+check_run/completed#check_run/check_suite",
        "check_run/completed#check_run+check_run/created#check_run", "common/workflow", "common/workflow-run",
    ]

    /// The fields of the model that follows a schema.
    static func fields(ofModelFor schema: String) throws -> [ProbedField] {
        switch schema {
        case "common/user": return try FieldProbe.fields(of: GitHubUser.self)
        case "common/label": return try FieldProbe.fields(of: GitHubLabel.self)
        case "common/milestone": return try FieldProbe.fields(of: GitHubMilestone.self)
        case "common/reactions": return try FieldProbe.fields(of: GitHubReactions.self)
        case "common/issue": return try FieldProbe.fields(of: GitHubIssue.self)
        case "common/issue-comment": return try FieldProbe.fields(of: GitHubIssueComment.self)
        case "common/release": return try FieldProbe.fields(of: GitHubRelease.self)
        case let path where path.hasPrefix("check_suite/"): return try FieldProbe.fields(of: GitHubCheckSuite.self)
        case let path where path.hasPrefix("check_run/completed#check_run+"):
            return try FieldProbe.fields(of: GitHubCheckRun.self)
        case "common/commit": return try FieldProbe.fields(of: GitHubPushCommit.self)
        case "common/committer": return try FieldProbe.fields(of: GitHubCommitter.self)
        case "common/team+membership/removed#team": return try FieldProbe.fields(of: GitHubTeam.self)
        case "common/pull-request+common/simple-pull-request+pull_request_review_comment/created#pull_request":
            return try FieldProbe.fields(of: GitHubPullRequest.self)
        case "common/pull-request-review": return try FieldProbe.fields(of: GitHubPullRequestReview.self)
        case "common/pull-request-review-comment": return try FieldProbe.fields(of: GitHubPullRequestReviewComment.self)
        case "common/app": return try FieldProbe.fields(of: GitHubApp.self)
        case "common/repo-ref": return try FieldProbe.fields(of: GitHubRepoRef.self)
        case "common/check-run-pull-request": return try FieldProbe.fields(of: GitHubCheckPullRequest.self)
        case "common/commit-simple": return try FieldProbe.fields(of: GitHubSimpleCommit.self)
        case "check_run/completed#check_run/output": return try FieldProbe.fields(of: GitHubCheckRunOutput.self)
        case "common/workflow": return try FieldProbe.fields(of: GitHubWorkflow.self)
        case "common/organization": return try FieldProbe.fields(of: GitHubOrganization.self)
        case "commit_comment/created#comment": return try FieldProbe.fields(of: GitHubCommitComment.self)
        case "common/deployment": return try FieldProbe.fields(of: GitHubDeployment.self)
        case "deployment_status/created#deployment_status":
            return try FieldProbe.fields(of: GitHubDeploymentStatus.self)
        case "common/workflow-job": return try FieldProbe.fields(of: GitHubWorkflowJob.self)
        case "common/discussion": return try FieldProbe.fields(of: GitHubDiscussion.self)
        case "common/discussion-category": return try FieldProbe.fields(of: GitHubDiscussionCategory.self)
        case "discussion_comment/created#comment+discussion/answered#answer":
            return try FieldProbe.fields(of: GitHubDiscussionComment.self)
        case "common/project": return try FieldProbe.fields(of: GitHubProject.self)
        case "common/project-column": return try FieldProbe.fields(of: GitHubProjectColumn.self)
        case "common/project-card": return try FieldProbe.fields(of: GitHubProjectCard.self)
        case "common/installation": return try FieldProbe.fields(of: GitHubInstallation.self)
        case "common/membership": return try FieldProbe.fields(of: GitHubMembership.self)
        case "deploy_key/created#key": return try FieldProbe.fields(of: GitHubDeployKey.self)
        case "page_build/event#build": return try FieldProbe.fields(of: GitHubPageBuild.self)
        case "merge_group/checks_requested#merge_group": return try FieldProbe.fields(of: GitHubMergeGroup.self)
        case "pull_request_review_thread/resolved#thread": return try FieldProbe.fields(of: GitHubReviewThread.self)
        case "ping/event#hook+meta/deleted#hook": return try FieldProbe.fields(of: GitHubHook.self)
        case "code_scanning_alert/created#alert": return try FieldProbe.fields(of: GitHubCodeScanningAlert.self)
        case "common/dependabot-alert": return try FieldProbe.fields(of: GitHubDependabotAlert.self)
        case "common/secret-scanning-alert+secret_scanning_alert/reopened#alert":
            return try FieldProbe.fields(of: GitHubSecretScanningAlert.self)
        case "common/repository-vulnerability-alert-alert":
            return try FieldProbe.fields(of: GitHubRepositoryVulnerabilityAlert.self)
        case "security_advisory/published#security_advisory":
            return try FieldProbe.fields(of: GitHubSecurityAdvisory.self)
        case "common/marketplace-purchase": return try FieldProbe.fields(of: GitHubMarketplacePurchase.self)
        case "common/projects_v2_item": return try FieldProbe.fields(of: GitHubProjectsV2Item.self)
        case "sponsorship/created#sponsorship": return try FieldProbe.fields(of: GitHubSponsorship.self)
        case "package/published#package+registry_package/published#registry_package":
            return try FieldProbe.fields(of: GitHubPackage.self)
        case "common/branch-protection-rule": return try FieldProbe.fields(of: GitHubBranchProtectionRule.self)
        case "common/workflow-run": return try FieldProbe.fields(of: GitHubWorkflowRun.self)
        default: return try FieldProbe.fields(of: GitHubReleaseAsset.self)
        }
    }

    /// A schema of the corpus by its path without `.schema.json` (and `#property`).
    static func schema(_ path: String) throws -> PropertySchema {
        let corpus = try #require(webhookCorpus)
        let parts = path.split(separator: "#").map(String.init)
        let url = corpus.appendingPathComponent("payload-schemas/api.github.com/\(parts[0]).schema.json")
        return try PropertySchema(url, property: parts.count > 1 ? parts[1] : nil)
    }

    @Test("each model's fields agree with its schema", arguments: modelSchemas)
    func modelAgreesWithSchema(_ path: String) throws {
        guard webhookCorpus != nil else { return }
        let fields = try Self.fields(ofModelFor: path)
        #expect(fields.count >= 2)
        let found = disagreements(fields, try path.split(separator: "+").map { try Self.schema(String($0)) })
        #expect(found == [], "\(found)")
    }

    @Test("each event's fields agree with the schemas of its actions", arguments: events)
    func eventAgreesWithSchemas(_ event: String) throws {
        guard let corpus = webhookCorpus else { return }
        let dir = corpus.appendingPathComponent("payload-schemas/api.github.com/\(event)")
        let actions = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
            $0.hasSuffix(".schema.json")
        }
        #expect(!actions.isEmpty)
        let schemas = try actions.map { try PropertySchema(dir.appendingPathComponent($0)) }
        let found = disagreements(try Self.fields(ofEvent: event), schemas)
        #expect(found == [], "\(found)")
    }

    /// A label model that gets three fields wrong.
    struct WrongLabel: Decodable {
        let id: String
        let name: String?
        let color: String
        let colour: String
    }

    @Test func aFieldThatDoesNotAgreeIsFound() throws {
        guard webhookCorpus != nil else { return }
        let found = disagreements(try FieldProbe.fields(of: WrongLabel.self), [try Self.schema("common/label")])
        #expect(found.count == 3)
        #expect(found.contains { $0.hasPrefix("id: string:") })
        #expect(found.contains { $0.hasPrefix("name: string?: is required") })
        #expect(found.contains { $0.hasPrefix("colour: string: no such property") })
    }
}
