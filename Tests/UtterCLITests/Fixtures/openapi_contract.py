"""utter serve against its published contract (GET /openapi.json), as ServeOpenAPITests runs it.

1. The served document is a valid OpenAPI 3.1 document (openapi-spec-validator).
2. Every answer a client gets with real speech (each response_format, stream=true, the models, /v1/format, the probes)
   is one the document lists: its status, content type, headers and body (schemathesis' checks on explicit cases).
3. schemathesis fuzzes every operation, a bounded number of examples each, with a fixed seed: no 5xx, every
   response is in the document, bad input is refused, an undeclared method is 405 with Allow, and an operation that
   needs the token refuses a request without it.

Prints `key:value` lines for the test to read; exits non-zero when any step fails.
Usage: openapi_contract.py BASE_URL TOKEN SPEECH_WAV MAX_EXAMPLES SEED
"""

import os
import re
import subprocess
import sys
import time

try:
    import schemathesis
    from openapi_spec_validator import validate
    from schemathesis.checks import CHECKS
except ImportError as missing:
    print("missing:%s (make test-deps installs it)" % missing.name, flush=True)
    sys.exit(3)

base, token, speech, max_examples, seed = sys.argv[1:6]
# schemathesis and Hypothesis keep their files in the working folder: the test's own.
os.chdir(os.path.dirname(os.path.abspath(speech)))
auth = {"Authorization": "Bearer " + token}
CONFORMANCE = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
]

# 1. The document validates.
schema = schemathesis.openapi.from_url(base + "/openapi.json")
validate(schema.raw_schema)
print("valid:%s" % schema.raw_schema["openapi"], flush=True)

# 2. Real answers, each validated against the document by schemathesis' own checks.
checks = [CHECKS.get_one(name) for name in CONFORMANCE]
audio = open(speech, "rb").read()
failures = 0


def answered(label, operation, expected, **case_arguments):
    global failures
    case = operation.Case(**case_arguments)
    response = case.call(base_url=base, headers=auth, timeout=120)
    content_type = response.headers.get("content-type", [""])[0]
    try:
        case.validate_response(response, checks=checks)
        verdict = "documented"
    except (AssertionError, BaseExceptionGroup) as error:
        found = [str(failure).split("\n")[0] for failure in getattr(error, "exceptions", [error])]
        verdict = "outside the document: " + "; ".join(found)[:400]
        failures += 1
    if response.status_code != expected:
        verdict += " (expected %d)" % expected
        failures += 1
    print("case:%s|%d|%s|%s" % (label, response.status_code, content_type, verdict), flush=True)
    return response


transcriptions = schema["/v1/audio/transcriptions"]["POST"]
for fields in [
    {"response_format": "json"},
    {"response_format": "text"},
    {"response_format": "srt"},
    {"response_format": "vtt"},
    {"response_format": "verbose_json", "timestamp_granularities[]": ["segment"]},
    {"response_format": "verbose_json", "timestamp_granularities[]": ["word", "segment"]},
    {"stream": True},
    {"stream": True, "response_format": "text"},
    {"response_format": "srt", "stream": True},
    {"temperature": 2},
    {"model": "no-such-model"},
]:
    label = ",".join("%s=%s" % (name, ",".join(value) if isinstance(value, list) else value) for name, value in fields.items())
    refused = "temperature" in fields or "model" in fields or fields.get("response_format") == "srt" and "stream" in fields
    body = {"file": audio, "model": "whisper-1", "language": "en", **fields}
    response = answered(label, transcriptions, 400 if refused else 200, body=body, media_type="multipart/form-data")
    if "word" in fields.get("timestamp_granularities[]", []):
        print("words:%d" % len(response.json().get("words", [])), flush=True)
answered("format", schema["/v1/format"]["POST"], 200, body={"text": "um so three thirty pm"}, media_type="application/json")
answered("models", schema["/v1/models"]["GET"], 200)
model = schema["/v1/models"]["GET"].Case().call(base_url=base, headers=auth).json()["data"][0]["id"]
answered("model", schema["/v1/models/{model}"]["GET"], 200, path_parameters={"model": model})
answered("unknown model", schema["/v1/models/{model}"]["GET"], 404, path_parameters={"model": "no-such-model"})
answered("live without upgrade", schema["/v1/audio/live"]["GET"], 426)
answered("live of an unknown model", schema["/v1/audio/live"]["GET"], 400, query={"model": "no-such-model"})
answered("realtime without upgrade", schema["/v1/realtime"]["GET"], 426, query={"intent": "transcription"})
answered("realtime of an unknown model", schema["/v1/realtime"]["GET"], 400, query={"model": "no-such-model"})
answered("health", schema["/health"]["GET"], 200)
answered("ready", schema["/ready"]["GET"], 200)
answered("metrics", schema["/metrics"]["GET"], 200)
answered("document", schema["/openapi.json"]["GET"], 200)

# 3. A bounded fuzzing run of every operation.
started = time.monotonic()
run = subprocess.run(
    [
        sys.executable, "-m", "schemathesis.cli", "run", base + "/openapi.json",
        "--header", "Authorization: Bearer " + token,
        "--checks", ",".join(CONFORMANCE + [
            "negative_data_rejection", "unsupported_method", "allow_header_conformance", "ignored_auth",
            "missing_required_header",
        ]),
        "--phases", "examples,coverage,fuzzing",
        "--max-examples", max_examples,
        "--seed", seed,
        "--workers", "1",
        "--request-timeout", "60",
        "--generation-database", ":memory:",
        "--no-color",
    ],
    capture_output=True,
    text=True,
)
seconds = time.monotonic() - started
output = run.stdout + run.stderr
generated = re.search(r"(\d+) generated", output)
operations = re.search(r"Operations:\s+(\d+) selected", output)
print("fuzzing:%s|%s|%.1f|%d" % (
    operations.group(1) if operations else "?", generated.group(1) if generated else "?", seconds, run.returncode))
if run.returncode != 0 or failures:
    print(output[-6000:], file=sys.stderr)
    sys.exit(1)
