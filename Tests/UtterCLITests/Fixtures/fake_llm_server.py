"""A loopback stand-in for an OpenAI-compatible chat server, for utter's polish tests.

Usage: fake_llm_server.py REPLY_FILE. Writes the port it listens on to REPLY_FILE.port, then answers POST /v1/chat/completions
with the text in REPLY_FILE (and 404 for /v1/responses, as many local servers do). A REPLY_FILE of the form
"ECHO old=>new" answers with the dictated text (the user message between <dictation> tags) with `old` replaced
by `new`. A REPLY_FILE starting "HOLD " answers with the rest only once REPLY_FILE.release exists (a test holds
the reply while it does something else). Each request's path, Authorization header and body are appended to
REPLY_FILE.requests so tests can check what was sent, and to whom a key went.
"""
import http.server
import json
import os
import sys
import time

reply_file = sys.argv[1]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(reply_file + ".requests", "ab") as log:
            auth = self.headers.get("Authorization", "none").encode()
            log.write(self.path.encode() + b" auth=" + auth + b" " + body + b"\n")
        if not self.path.endswith("/chat/completions"):
            self.send_response(404)
            self.end_headers()
            return
        with open(reply_file, encoding="utf-8") as f:
            text = f.read()
        if text.startswith("HOLD "):
            text = text[len("HOLD "):]
            while not os.path.exists(reply_file + ".release") and time.monotonic() < deadline:
                time.sleep(0.05)
        if text.startswith("ECHO "):
            old, new = text[len("ECHO "):].split("=>", 1)
            user = json.loads(body)["messages"][-1]["content"]
            dictated = user.replace("<dictation>", "").replace("</dictation>", "").strip()
            text = dictated.replace(old, new)
        answer = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        }
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(reply_file + ".port.tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(reply_file + ".port.tmp", reply_file + ".port")
# A bounded life: the server ends by itself even if the test that started it never stops it.
server.timeout = 0.5
deadline = time.monotonic() + 300
while time.monotonic() < deadline:
    server.handle_request()
