"""A small local HTTP server that speaks the Anthropic Messages API, for tests.

The real `anthropic` SDK talks to it through ANTHROPIC_BASE_URL; it records every
request and answers with a tool call built by a function of the request.
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


class MessagesServer:
    def __init__(self, answer: Callable[[dict[str, Any]], dict[str, Any]] | None = None):
        self.requests: list[dict[str, Any]] = []
        self.answer = answer or (lambda req: {"items": []})
        self.status = 200            # set to 401, 429, 500 to exercise error paths
        self.raw_input: Any = None   # set to a value to answer with a tool input that breaks the schema
        self.delay = 0.0             # seconds before answering: an endpoint that hangs
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
                server.requests.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                                        "body": body})
                if server.delay:
                    import time

                    time.sleep(server.delay)
                if server.status != 200:
                    kind = {401: "authentication_error", 429: "rate_limit_error"}.get(server.status, "api_error")
                    return self._send(server.status, {"type": "error", "error": {"type": kind, "message": kind}})
                tool = body["tools"][0]["name"]
                data = server.raw_input if server.raw_input is not None else server.answer(body)
                self._send(200, {"id": "msg_test", "type": "message", "role": "assistant", "model": body["model"],
                                 "content": [{"type": "tool_use", "id": "toolu_test", "name": tool, "input": data}],
                                 "stop_reason": "tool_use", "stop_sequence": None,
                                 "usage": {"input_tokens": 10, "output_tokens": 10}})

            def _send(self, code, payload):
                raw = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
