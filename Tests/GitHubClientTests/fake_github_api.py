#!/usr/bin/env python3
"""A fake GitHub REST API for GitHubClientTests (standard library only).

Binds 127.0.0.1 on port 0 and prints the port on the first stdout line; the second line
is the base URL of the same API on another host (127.0.0.2, or "localhost" when that
address cannot be bound), for cross-host redirects. Exits on SIGTERM or when stdin closes.

Routes (GET):
  /search/repositories?q=ROUTE...   ROUTE is the first word of q:
    ok, empty, big (100 items, sent in small flushed chunks), rate-limit (403, remaining 0),
    rate-limit-429 (429, remaining 0), secondary (403, secondary message), retry-after
    (429 with Retry-After), invalid (422), server-error (500), server-html (502, HTML body),
    not-json, truncated, bad-shape (items[1].owner.login is a number), slow (30 s before
    the headers), hang (600 s before the headers), slow-body (headers and half the body, then 5 s), echo-headers (one item per
    request header: name = header name, description = its value), echo-message (500 whose
    message holds the Authorization header), echo-422, echo-rate-limit, echo-secondary,
    redirect-same (302 to echo-headers on this host), redirect-other (302 to echo-headers on
    the other host), echo-q (one item whose description is q as the server decoded it)
  Paged searches, as GitHub pages them (per_page default 30, at most 100; page from 1; a Link
  header with next/last/first/prev; the first 1,000 results only, 422 for a page past them):
    count-N (N results: item i is paged/repo-i, N - i stars, its description says its page
    and per_page; X-RateLimit-Remaining counts down from 29 per request), scarce-N (the same
    with 2 of 30 left, resetting in 90 s), flaky-N (the same, but the first request for each
    page gets a secondary rate limit with Retry-After: 1), stalled-N (the same, each page after
    the first 3 s late), growing-N (N results at the first request, one more at each after)
  /users/NAME/repos   NAME = octocat: an array of repositories; not-array: an object
"""
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Fixtures", "github")
RESET_EPOCH = 2000000000  # 2033-05-18T03:33:20Z


def fixture(*parts):
    with open(os.path.join(FIXTURES, *parts), "rb") as f:
        return f.read()


SEARCH_PAGE = json.loads(fixture("search", "schema-2019.json"))
TEMPLATE = SEARCH_PAGE["items"][0]
USER_REPOS = json.loads(fixture("search", "generated-100.json"))["items"][:3]
OTHER_BASE = ""  # set in main
SAME_BASE = ""
LOCK = threading.Lock()
SERVED = [0]  # paged requests served, for X-RateLimit-Remaining
REFUSED = set()  # flaky-N: the paths already refused once
CAP = 1000


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, format, *args):  # quiet
        pass

    def send(self, status, body, headers=None, content_type="application/json; charset=utf-8"):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        elif isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def sleep(self, seconds):
        # Stop early when the client goes away (cancelled or timed out).
        end = time.time() + seconds
        while time.time() < end:
            time.sleep(0.05)

    def authorization(self):
        return self.headers.get("Authorization") or "none"

    def echo_page(self):
        items = []
        for index, (name, value) in enumerate(self.headers.items()):
            item = dict(TEMPLATE)
            item["id"] = index + 1
            item["name"] = name.lower()
            item["full_name"] = "echo/" + name.lower()
            item["description"] = value
            items.append(item)
        return {"total_count": len(items), "incomplete_results": False, "items": items}

    def do_GET(self):
        url = urlsplit(self.path)
        parts = [p for p in url.path.split("/") if p]
        try:
            if parts == ["search", "repositories"]:
                params = parse_qs(url.query)
                q = params.get("q", [""])[0]
                route = q.split(" ")[0] if q else ""
                kind, _, count = route.partition("-")
                if kind in ("count", "scarce", "flaky", "stalled", "growing") and count.isdigit():
                    self.paged(kind, int(count), params, url)
                elif route == "echo-q":
                    item = dict(TEMPLATE, id=1, name="q", full_name="echo/q", description=q)
                    self.send(200, {"total_count": 1, "incomplete_results": False, "items": [item]})
                else:
                    self.search(route)
            elif len(parts) == 3 and parts[0] == "users" and parts[2] == "repos":
                if parts[1] == "octocat":
                    self.send(200, USER_REPOS)
                else:
                    self.send(200, {"message": "not an array"})
            else:
                self.send(404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"})
        except (BrokenPipeError, ConnectionResetError):
            pass

    def search(self, route):
        limits = {"X-RateLimit-Limit": "30", "X-RateLimit-Remaining": "29",
                  "X-RateLimit-Reset": str(RESET_EPOCH), "X-RateLimit-Resource": "search"}
        spent = dict(limits, **{"X-RateLimit-Remaining": "0"})
        if route == "ok":
            self.send(200, fixture("search", "schema-2019.json"), limits)
        elif route == "empty":
            self.send(200, fixture("search", "no-results.json"), limits)
        elif route == "big":
            body = fixture("search", "generated-100.json")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            for start in range(0, len(body), 16384):
                self.wfile.write(body[start:start + 16384])
                self.wfile.flush()
        elif route == "rate-limit":
            self.send(403, fixture("errors", "rate-limit-403.json"), spent)
        elif route == "rate-limit-429":
            self.send(429, fixture("errors", "rate-limit-403.json"), spent)
        elif route == "secondary":
            self.send(403, fixture("errors", "secondary-rate-limit-403.json"), limits)
        elif route == "retry-after":
            self.send(429, {"message": "Too many requests"}, dict(limits, **{"Retry-After": "30"}))
        elif route == "invalid":
            self.send(422, fixture("errors", "validation-422-invalid-user.json"))
        elif route == "server-error":
            self.send(500, {"message": "Server Error"})
        elif route == "server-html":
            self.send(502, "<html><body>Bad Gateway</body></html>", content_type="text/html")
        elif route == "not-json":
            self.send(200, "<html><body>Sign in</body></html>", content_type="text/html")
        elif route == "truncated":
            body = json.dumps(SEARCH_PAGE).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()  # no Content-Length: the body ends when the connection closes
            self.wfile.write(body[: len(body) // 2])
        elif route == "bad-shape":
            page = json.loads(json.dumps(SEARCH_PAGE))
            page["items"][1]["owner"]["login"] = 42
            self.send(200, page)
        elif route == "slow":
            self.sleep(30)
            self.send(200, json.dumps(SEARCH_PAGE))
        elif route == "hang":
            self.sleep(600)
            self.send(200, json.dumps(SEARCH_PAGE))
        elif route == "slow-body":
            body = json.dumps(SEARCH_PAGE).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.sleep(5)
            self.wfile.write(body[len(body) // 2:])
        elif route == "echo-headers":
            self.send(200, self.echo_page())
        elif route == "echo-message":
            self.send(500, {"message": "you sent " + self.authorization()})
        elif route == "echo-422":
            self.send(422, {"message": "Validation Failed for " + self.authorization(),
                            "errors": [{"resource": "Search", "field": "q", "code": "invalid",
                                        "message": "bad " + self.authorization()}]})
        elif route == "echo-rate-limit":
            self.send(403, {"message": "rate limit for " + self.authorization()}, spent)
        elif route == "echo-secondary":
            self.send(403, {"message": "secondary rate limit for " + self.authorization()},
                      dict(limits, **{"Retry-After": "60"}))
        elif route == "redirect-same":
            self.send(302, "", {"Location": SAME_BASE + "/search/repositories?q=echo-headers"})
        elif route == "redirect-other":
            self.send(302, "", {"Location": OTHER_BASE + "/search/repositories?q=echo-headers"})
        else:
            self.send(422, fixture("errors", "validation-422.json"))


    def paged(self, kind, total, params, url):
        if kind == "flaky":
            with LOCK:
                first = self.path not in REFUSED
                REFUSED.add(self.path)
            if first:
                self.send(403, fixture("errors", "secondary-rate-limit-403.json"), {"Retry-After": "1"})
                return
        per_page = min(100, int(params.get("per_page", ["30"])[0]))
        page = int(params.get("page", ["1"])[0])
        if kind == "stalled" and page > 1:
            self.sleep(3)
        with LOCK:
            SERVED[0] += 1
            served = SERVED[0]
            remaining = max(0, 30 - served)
        if kind == "growing":
            total += served - 1
        limits = {"X-RateLimit-Limit": "30", "X-RateLimit-Remaining": str(remaining),
                  "X-RateLimit-Reset": str(RESET_EPOCH), "X-RateLimit-Resource": "search"}
        if kind == "scarce":
            limits.update({"X-RateLimit-Remaining": "2", "X-RateLimit-Reset": str(int(time.time()) + 90)})
        start = (page - 1) * per_page
        if start >= CAP:
            self.send(422, {"message": "Only the first 1000 search results are available",
                            "documentation_url": "https://docs.github.com/v3/search/"}, limits)
            return
        available = min(total, CAP)
        items = []
        for index in range(start, min(start + per_page, available)):
            item = dict(TEMPLATE)
            item.update(id=index + 1, name="repo-%04d" % (index + 1), full_name="paged/repo-%04d" % (index + 1),
                        stargazers_count=total - index,
                        description="result %d, page %d, per_page %d" % (index + 1, page, per_page))
            items.append(item)
        last = max(1, -(-available // per_page))

        def link(number):
            query = {name: values[0] for name, values in params.items()}
            query["page"] = str(number)
            return "<%s%s?%s>" % (SAME_BASE, url.path, urlencode(query))

        rels = []
        if page < last:
            rels += ['%s; rel="next"' % link(page + 1), '%s; rel="last"' % link(last)]
        if page > 1:
            rels += ['%s; rel="first"' % link(1), '%s; rel="prev"' % link(page - 1)]
        if rels:
            limits["Link"] = ", ".join(rels)
        self.send(200, {"total_count": total, "incomplete_results": False, "items": items}, limits)


def serve(server):
    threading.Thread(target=server.serve_forever, daemon=True).start()


def main():
    global OTHER_BASE, SAME_BASE
    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    SAME_BASE = "http://127.0.0.1:%d" % port
    try:
        other = ThreadingHTTPServer(("127.0.0.2", 0), Handler)
        OTHER_BASE = "http://127.0.0.2:%d" % other.server_address[1]
        serve(other)
    except OSError:
        OTHER_BASE = "http://localhost:%d" % port
    serve(server)
    print(port, flush=True)
    print(OTHER_BASE, flush=True)
    # Leave when the test closes stdin (or dies), so no server outlives its test.
    try:
        sys.stdin.read()
    except KeyboardInterrupt:
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
