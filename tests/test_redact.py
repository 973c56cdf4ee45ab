"""Secret redaction against a corpus of fake secrets in realistic contexts, and look-alikes.

Every key below is synthesised from a seeded generator: realistic in shape, never real.
Run `pytest tests/test_redact.py -q -s -k measure` to print recall and false-positive rate.
"""
from __future__ import annotations

import base64
import json
import random
import string
import time

import pytest

from memkit.redact import Finding, redact, scan

_rng = random.Random(20261129)
ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
B64URL = ALNUM + "-_"


def rand(n: int, alphabet: str = ALNUM) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


def b64url(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


def pem(label: str, lines: int = 6) -> str:
    body = "\n".join(rand(64, ALNUM + "+/") for _ in range(lines))
    return f"-----BEGIN {label}-----\n{body}\n{rand(20, ALNUM + '+/')}==\n-----END {label}-----"


AWS_ID = "AKIA" + rand(16, UPPER_DIGITS)
AWS_STS_ID = "ASIA" + rand(16, UPPER_DIGITS)
AWS_SECRET = rand(40, ALNUM + "/+")
GHP, GHO, GHU, GHS, GHR = (f"gh{c}_" + rand(36) for c in "pousr")
GH_PAT = "github_pat_" + rand(22) + "_" + rand(59)
SLACK_BOT = f"xoxb-{rand(12, string.digits)}-{rand(13, string.digits)}-{rand(24)}"
SLACK_USER = f"xoxp-{rand(12, string.digits)}-{rand(12, string.digits)}-{rand(13, string.digits)}-{rand(32, 'abcdef0123456789')}"
SLACK_HOOK_PATH = f"T{rand(8, UPPER_DIGITS)}/B{rand(10, UPPER_DIGITS)}/{rand(24)}"
ANTHROPIC = "sk-ant-api03-" + rand(93, B64URL) + "AA"
OPENAI_LEGACY = "sk-" + rand(20) + "T3BlbkFJ" + rand(20)
OPENAI_PROJECT = "sk-proj-" + rand(156, B64URL)
GOOGLE = "AIza" + rand(35, B64URL)
STRIPE_LIVE = "sk_live_" + rand(24)
STRIPE_RESTRICTED = "rk_live_" + rand(99)
STRIPE_TEST = "sk_test_" + rand(24)
GITLAB = "glpat-" + rand(20, B64URL)
NPM = "npm_" + rand(36)
JWT = ".".join([b64url({"alg": "HS256", "typ": "JWT"}), b64url({"sub": "u_" + rand(8), "exp": 1767225600}), rand(43, B64URL)])
RSA_PEM = pem("RSA PRIVATE KEY")
OPENSSH_PEM = pem("OPENSSH PRIVATE KEY", 8)
EC_PEM = pem("EC PRIVATE KEY", 3)
PKCS8_PEM = pem("PRIVATE KEY", 10)
PGP_PEM = pem("PGP PRIVATE KEY BLOCK", 12).replace("BLOCK-----\n", "BLOCK-----\n\n", 1)
DB_PASSWORD = rand(18, ALNUM + "!#%^*")
URL_PASSWORD = rand(16)
HIGH_ENTROPY = rand(32, ALNUM + "+/")
WORDY_PASSWORD = "hunter2-" + rand(6, string.ascii_lowercase)

# (kind expected, the secret that must vanish, the text it hides in)
SECRETS: list[tuple[str, str, str]] = [
    ("aws-access-key", AWS_ID, f"$ aws configure set aws_access_key_id {AWS_ID}\n"),
    ("aws-access-key", AWS_STS_ID, json.dumps({"Credentials": {"AccessKeyId": AWS_STS_ID, "Expiration": "2026-11-29T20:00:00Z"}})),
    ("aws-secret-key", AWS_SECRET, f"[default]\naws_access_key_id = {AWS_ID}\naws_secret_access_key = {AWS_SECRET}\n"),
    ("aws-secret-key", AWS_SECRET, f'export AWS_SECRET_ACCESS_KEY="{AWS_SECRET}"'),
    ("github-token", GHP, f"git clone https://x-access-token:{GHP}@github.com/acme/api.git"),
    ("github-token", GHO, f'{{"access_token": "{GHO}", "token_type": "bearer", "scope": "repo"}}'),
    ("github-token", GHU, f"GITHUB_TOKEN={GHU}\n"),
    ("github-token", GHS, f"2026-11-29T10:02:11Z DEBUG using installation token {GHS} for acme/api"),
    ("github-token", GHR, f"refresh={GHR}&grant_type=refresh_token"),
    ("github-token", GH_PAT, f'gh auth login --with-token <<< "{GH_PAT}"'),
    ("slack-token", SLACK_BOT, f'client = WebClient(token="{SLACK_BOT}")'),
    ("slack-token", SLACK_USER, f"curl -s -H 'Authorization: Bearer {SLACK_USER}' https://slack.com/api/auth.test"),
    ("slack-webhook", SLACK_HOOK_PATH, f"SLACK_WEBHOOK_URL=https://hooks.slack.com/services/{SLACK_HOOK_PATH}"),
    ("anthropic-key", ANTHROPIC, f"export ANTHROPIC_API_KEY={ANTHROPIC}\nclaude --print 'hi'"),
    ("anthropic-key", ANTHROPIC, json.dumps({"type": "tool_result", "content": f"ANTHROPIC_API_KEY={ANTHROPIC}\nLOG_LEVEL=info"})),
    ("openai-key", OPENAI_LEGACY, f'client = OpenAI(api_key="{OPENAI_LEGACY}")'),
    ("openai-key", OPENAI_PROJECT, f"OPENAI_API_KEY={OPENAI_PROJECT}"),
    ("openai-key", OPENAI_PROJECT, f"Error code: 401 - Incorrect API key provided: {OPENAI_PROJECT}. You can find your API key at https://platform.openai.com."),
    ("google-api-key", GOOGLE, f"https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key={GOOGLE}"),
    ("stripe-key", STRIPE_LIVE, f"stripe.api_key = '{STRIPE_LIVE}'"),
    ("stripe-key", STRIPE_RESTRICTED, f"STRIPE_RESTRICTED={STRIPE_RESTRICTED}"),
    ("stripe-key", STRIPE_TEST, f"curl https://api.stripe.com/v1/charges -u {STRIPE_TEST}: -d amount=2000"),
    ("gitlab-token", GITLAB, f'git push https://oauth2:{GITLAB}@gitlab.com/acme/api.git'),
    ("npm-token", NPM, f"//registry.npmjs.org/:_authToken={NPM}\n"),
    ("jwt", JWT, f"Set-Cookie: session={JWT}; Path=/; HttpOnly"),
    ("jwt", JWT, json.dumps({"id_token": JWT, "expires_in": 3600})),
    ("private-key", RSA_PEM, f"$ cat ~/.ssh/deploy_rsa\n{RSA_PEM}\n$ "),
    ("private-key", OPENSSH_PEM, f"{OPENSSH_PEM}\n"),
    ("private-key", EC_PEM, f"key = '''{EC_PEM}'''"),
    ("private-key", PKCS8_PEM, json.dumps({"type": "service_account", "private_key": PKCS8_PEM + "\n", "client_email": "ci@acme.iam.gserviceaccount.com"})),
    ("private-key", PGP_PEM, json.dumps({"role": "tool", "content": json.dumps({"stdout": PGP_PEM})})),
    ("url-password", URL_PASSWORD, f"DATABASE_URL=postgres://app_user:{URL_PASSWORD}@db.internal:5432/app"),
    ("url-password", URL_PASSWORD, f"redis-cli -u redis://:{URL_PASSWORD}@cache.internal:6379/0 ping"),
    ("url-password", URL_PASSWORD, f"Fetching https://deploy:{URL_PASSWORD}@artifacts.acme.dev/releases/app-1.4.2.tgz"),
    ("env-secret", DB_PASSWORD, f"# .env\nDB_HOST=localhost\nDB_PASSWORD={DB_PASSWORD}\nDB_PORT=5432\n"),
    ("env-secret", DB_PASSWORD, f"services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: {DB_PASSWORD}\n"),
    ("env-secret", DB_PASSWORD, f"docker run -e MYSQL_ROOT_PASSWORD={DB_PASSWORD} -d mysql:8"),
    ("env-secret", HIGH_ENTROPY, f"export SESSION_SECRET='{HIGH_ENTROPY}'"),
    ("generic-secret", DB_PASSWORD, json.dumps({"client_id": "web-app", "client_secret": DB_PASSWORD})),
    ("generic-secret", WORDY_PASSWORD, f'conn = psycopg.connect(host="db", password="{WORDY_PASSWORD}")'),
    ("generic-secret", WORDY_PASSWORD, f"spring.datasource.password={WORDY_PASSWORD}"),
    ("generic-secret", WORDY_PASSWORD, f"<settings><server><password>{WORDY_PASSWORD}</password></server></settings>"),
    ("generic-secret", WORDY_PASSWORD, f"mysqldump --user=root --password {WORDY_PASSWORD} app > dump.sql"),
    ("generic-secret", HIGH_ENTROPY, f'const config = {{ apiKey: "{HIGH_ENTROPY}", region: "eu" }};'),
    ("generic-secret", HIGH_ENTROPY, f'secret := "{HIGH_ENTROPY}"'),
    ("generic-secret", HIGH_ENTROPY, f"2026-11-29 12:00:01 INFO webhook signing secret: {HIGH_ENTROPY} loaded"),
    ("generic-secret", HIGH_ENTROPY, f'api_key: str = "{HIGH_ENTROPY}"'),
    ("generic-secret", HIGH_ENTROPY, json.dumps({"input": {"command": f"echo 'api_token = \"{HIGH_ENTROPY}\"' >> config.toml"}})),
    ("auth-header", HIGH_ENTROPY, f'curl -H "Authorization: Bearer {HIGH_ENTROPY}" https://api.acme.dev/v1/me'),
    ("auth-header", "YWRtaW46czNjcjN0LXBhc3M=", "GET /admin HTTP/1.1\nHost: acme.dev\nAuthorization: Basic YWRtaW46czNjcjN0LXBhc3M=\n"),
    ("env-secret", HIGH_ENTROPY, f'{{"headers": {{"X-API-KEY": "{HIGH_ENTROPY}"}}}}'),
    ("generic-secret", HIGH_ENTROPY, f"so my deploy secret is {HIGH_ENTROPY} and nobody else knows it"),
    ("generic-secret", HIGH_ENTROPY, f'<appSettings><add key="ApiKey" value="{HIGH_ENTROPY}" /></appSettings>'),
    ("generic-secret", HIGH_ENTROPY, (f"AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName=acme;"
                                      f"AccountKey={HIGH_ENTROPY}==;EndpointSuffix=core.windows.net\"")),
    ("generic-secret", HIGH_ENTROPY, f"apiVersion: v1\nkind: Secret\ndata:\n  password: {HIGH_ENTROPY}\n"),
    ("generic-secret", WORDY_PASSWORD, f"    if password == '{WORDY_PASSWORD}':\n        return True"),
]

LOOK_ALIKES: list[str] = [
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nAuthor: Jane Doe <jane@acme.dev>",
    "a1b2c3d fix: refresh the token before it expires (#412)",
    '{"session_id": "550e8400-e29b-41d4-a716-446655440000", "request_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7"}',
    '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">',
    "After you click Sign in, the password prompt appears and asks for your token.",
    "password=\nAPI_KEY=\n",
    "DB_PASSWORD=<your-password>\nAPI_KEY=your-api-key-here",
    "API_KEY=${API_KEY}\nexport GITHUB_TOKEN=$GH_TOKEN",
    "password: xxxxxxxx\nsecret: '********'",
    "DB_PASSWORD=changeme",
    "SSH_KEY_PATH=/home/alice/.ssh/id_ed25519\npassword_file: /run/secrets/db_password",
    '{"name": "memkit", "version": "0.1.0", "dependencies": {"@anthropic-ai/sdk": "^0.30.1"}}',
    '"integrity": "sha512-9nK0bQ6L3WpYXZ8ZJxGAGfMKoL5bbYCd9XpcoUq1UfV4uXbVTz8fKfXpAvNYYq6dgtqYtjZqXUQ1hRdq9OQ4Ng=="',
    '{"usage": {"input_tokens": 1234, "cache_read_input_tokens": 20480, "output_tokens": 312, "max_tokens": 4096}}',
    'tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")',
    'password = getpass.getpass()\ntoken = os.environ["GITHUB_TOKEN"]\nconn = connect(user=user, password=password)',
    "def login(self, username: str, password: str) -> bool:",
    '{"key": "Enter", "code": "Enter", "keyCode": 13}',
    "Error: invalid token: expected string, received undefined",
    "PASSED tests/test_auth.py::test_token_refresh_rotates_secret",
    "jobs:\n  release:\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          token: ${{ secrets.GITHUB_TOKEN }}",
    "FROM python@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "Bearer token authentication is configured in settings.py",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYWV3bzRGrmjm4mQ5cO1NlCFsaN\n-----END PUBLIC KEY-----",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl alice@laptop",
    "git remote add origin https://alice@github.com/acme/api.git && curl http://localhost:8080/health",
    "postgres://user:password@localhost:5432/app and mysql://root:${MYSQL_ROOT_PASSWORD}@db/app",
    '{"access_token_url": "https://github.com/login/oauth/access_token", "token_type": "bearer", "expires_in": 3600}',
    "password_hash = bcrypt.hashpw(candidate.encode(), salt)",
    "[user]\n\tsigningkey = 8E1F899571345D06\n[commit]\n\tgpgsign = true",
    "gpg --list-secret-keys --keyid-format=long",
    "We store them in AWS Secrets Manager; the secret sauce is caching.",
    'keywords = ["secret:", "password:", "token:", "key:"]',
    "const apiKey = process.env.OPENAI_API_KEY;",
    "task-management-system-for-teams-2026-roadmap-v2",
    "**Password:** must contain at least 12 characters",
    "pip install scikit-learn==1.5.2 numpy==2.1.0 tokenizers==0.20.3",
    "lib/phoenix/token.ex:135: Phoenix.Token.verify/4",
    "The token is valid for 3600 seconds; token isolation is per workspace.",
    '<appSettings><add key="Theme" value="dark" /></appSettings>',
    "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
]


def _pieces(secret: str, width: int = 10) -> set[str]:
    """Every stretch of the secret long enough to matter if it leaked."""
    width = min(width, len(secret))
    return {secret[i:i + width] for i in range(len(secret) - width + 1)}


def _leaked(secret: str, text: str) -> bool:
    return any(piece in text for piece in _pieces(secret))


@pytest.mark.parametrize(("kind", "secret", "text"), SECRETS, ids=[f"{i}-{k}" for i, (k, _, _) in enumerate(SECRETS)])
def test_each_secret_is_redacted_with_its_kind(kind: str, secret: str, text: str) -> None:
    out, count = redact(text)
    assert not _leaked(secret, out), out
    assert f"[REDACTED:{kind}]" in out
    assert count == len(scan(text)) >= 1


@pytest.mark.parametrize("text", LOOK_ALIKES, ids=[f"lookalike-{i}" for i in range(len(LOOK_ALIKES))])
def test_each_look_alike_survives(text: str) -> None:
    assert redact(text) == (text, 0)
    assert scan(text) == []


def measure() -> tuple[float, float]:
    """Recall on the secret corpus and false-positive rate on the look-alikes."""
    caught = sum(not _leaked(secret, redact(text)[0]) for _, secret, text in SECRETS)
    touched = sum(redact(text)[1] > 0 for text in LOOK_ALIKES)
    return caught / len(SECRETS), touched / len(LOOK_ALIKES)


def test_measure_recall_and_false_positive_rate() -> None:
    recall, false_positive_rate = measure()
    print(f"\nredaction: recall {recall:.3f} on {len(SECRETS)} secrets, "
          f"false-positive rate {false_positive_rate:.3f} on {len(LOOK_ALIKES)} look-alikes")
    assert len(SECRETS) >= 40 and len(LOOK_ALIKES) >= 25
    assert recall == 1.0
    assert false_positive_rate == 0.0


def test_names_users_and_hosts_are_kept() -> None:
    assert redact(f"DB_PASSWORD={DB_PASSWORD}\n") == ("DB_PASSWORD=[REDACTED:env-secret]\n", 1)
    assert redact(f'{{"client_secret": "{DB_PASSWORD}"}}') == ('{"client_secret": "[REDACTED:generic-secret]"}', 1)
    assert redact(f"postgres://app_user:{URL_PASSWORD}@db.internal:5432/app") == (
        "postgres://app_user:[REDACTED:url-password]@db.internal:5432/app", 1)
    assert redact(f"Authorization: Bearer {HIGH_ENTROPY}") == ("Authorization: Bearer [REDACTED:auth-header]", 1)
    assert redact(f"https://hooks.slack.com/services/{SLACK_HOOK_PATH}") == (
        "https://hooks.slack.com/services/[REDACTED:slack-webhook]", 1)


def test_a_private_key_block_is_replaced_whole() -> None:
    assert redact(f"before\n{RSA_PEM}\nafter") == ("before\n[REDACTED:private-key]\nafter", 1)


def test_json_escaped_key_block_is_replaced_and_json_stays_valid() -> None:
    line = json.dumps({"type": "tool_result", "content": f"$ cat id_ed25519\n{OPENSSH_PEM}\n"})
    out, count = redact(line)
    assert count == 1
    assert json.loads(out)["content"] == "$ cat id_ed25519\n[REDACTED:private-key]\n"


def test_a_key_block_cut_short_is_still_redacted() -> None:
    head = "\n".join(RSA_PEM.splitlines()[:4])  # `head -4 id_rsa`
    out, count = redact(f"$ head -4 id_rsa\n{head}\n$ ")
    assert (out, count) == ("$ head -4 id_rsa\n[REDACTED:private-key]\n$ ", 1)


def test_a_key_printed_without_its_begin_line_is_redacted_line_by_line() -> None:
    # gpg quoting a key it could not read: "invalid armor header: <first line>", then the rest,
    # each line with a trailing space (how a Windows shell joined the lines)
    body = base64.b64encode(random.Random(7).randbytes(64 * 30)).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    text = "gpg: invalid armor header: " + " \n".join(lines) + " \nExit code 2"
    out, count = redact(text)
    assert not any(line in out for line in lines) and count == 1   # one block, one secret
    assert out == "gpg: invalid armor header: [REDACTED:high-entropy] \nExit code 2"


def test_an_openssh_key_body_without_its_begin_line_is_one_secret() -> None:
    import base64 as b64

    raw = b"openssh-key-v1\x00" + b"\x00\x00\x00\x04none" * 3 + random.Random(3).randbytes(300)
    body = b64.b64encode(raw).decode()
    lines = [body[i:i + 70] for i in range(0, len(body), 70)]
    out, count = redact("$ tail -n +2 id_ed25519\n" + "\n".join(lines) + "\n$ ")
    assert out == "$ tail -n +2 id_ed25519\n[REDACTED:private-key]\n$ " and count == 1


def test_json_contexts_stay_valid_json() -> None:
    for _, _, text in SECRETS:
        if text.startswith("{"):
            json.loads(redact(text)[0])


def test_counts_every_replacement() -> None:
    text = "\n".join(text for _, _, text in SECRETS)
    out, count = redact(text)
    assert count == out.count("[REDACTED:") == len(scan(text))
    assert count >= len(SECRETS)


def test_scan_finds_what_redact_replaces_with_line_numbers() -> None:
    text = f"line one\nGITHUB_TOKEN={GHP}\nnothing here\n\nkey: {GOOGLE}\nurl=https://u:{URL_PASSWORD}@h.example"
    findings = scan(text)
    assert [(f.kind, f.line) for f in findings] == [("github-token", 2), ("google-api-key", 5), ("url-password", 6)]
    assert findings[0] == Finding("github-token", text.index(GHP), text.index(GHP) + len(GHP), 2)
    assert [text[f.start:f.end] for f in findings] == [GHP, GOOGLE, URL_PASSWORD]
    rebuilt, last = [], 0
    for f in findings:
        rebuilt += [text[last:f.start], f"[REDACTED:{f.kind}]"]
        last = f.end
    assert redact(text) == ("".join(rebuilt) + text[last:], 3)


def test_scan_changes_nothing_and_matches_redact_on_the_corpus() -> None:
    for _, _, text in SECRETS:
        findings = scan(text)
        out = text
        for f in reversed(findings):
            out = out[:f.start] + f"[REDACTED:{f.kind}]" + out[f.end:]
        assert (out, len(findings)) == redact(text)


def test_redaction_is_idempotent() -> None:
    for text in [t for _, _, t in SECRETS] + LOOK_ALIKES:
        once, _ = redact(text)
        assert redact(once) == (once, 0)
        assert scan(once) == []


def test_empty_and_plain_text() -> None:
    assert redact("") == ("", 0)
    assert redact("nothing secret here, just a log line\n") == ("nothing secret here, just a log line\n", 0)


@pytest.mark.parametrize("text", [
    "a" * 1_000_000,
    "password=" * 100_000,
    "eyJ" * 300_000,
    "-----BEGIN RSA PRIVATE KEY-----" * 30_000,
    "https://user:" + "p" * 1_000_000,
    "sk-" + "a" * 1_000_000,
    '"token": "' * 60_000,
    "k" * 1_000_000,
    "token: " * 50_000,
    "\\n" * 500_000,
], ids=["a", "password=", "eyJ", "BEGIN", "url", "sk-", "token-quote", "k", "token-colon", "escaped-newlines"])
def test_pathological_inputs_finish_quickly(text: str) -> None:
    # CPU time of this thread: the bound is on the work (no pattern backtracks), not on the machine's load
    started = time.thread_time()
    redact(text)
    assert time.thread_time() - started < 1.0


def test_a_ten_megabyte_single_line_finishes_quickly() -> None:
    line = " ".join(f"t={i} INFO GET /api/v1/items/{i} 200 user=alice key=value token_count={i} sha=9fceb02d" for i in range(130_000))
    assert len(line) > 10_000_000
    started = time.thread_time()
    assert redact(line) == (line, 0)
    assert time.thread_time() - started < 1.5


def test_throughput_sanity_on_mixed_log_text() -> None:
    """A generous bound; the real target (≥ 60 MB/s) is measured in bench/."""
    lines = [
        '{"type":"assistant","message":{"content":[{"type":"text","text":"Let me check the config."}]},"usage":{"input_tokens":1200,"output_tokens":80}}',
        "2026-11-29T10:00:00.123Z INFO  http: GET /api/v1/items?page=2 200 12ms user=alice request_id=7c9e6679-7425-40de-944b-e07fc1f90ae7",
        "    def authenticate(self, request):  # checks the session key and the CSRF token",
        "src/memkit/index.py:42: error: Argument 1 has incompatible type \"str\"; expected \"Path\"",
        "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 Merge pull request #88 from acme/fix-secret-rotation",
        f"export GITHUB_TOKEN={GHP}",
    ]
    text = "\n".join(lines[i % len(lines)] for i in range(40_000))
    started = time.thread_time()
    _, count = redact(text)
    elapsed = time.thread_time() - started
    assert count == 40_000 // len(lines) + (40_000 % len(lines) > 5)
    assert len(text) > 4_000_000 and elapsed < 1.0, f"{len(text) / elapsed / 1e6:.1f} MB/s"


def test_a_catalogue_kind_in_a_cue_is_no_secret_but_a_glued_password_still_is() -> None:
    from memkit.redact import data

    cue = {"cue": {"forbids": ["secrets:commit", "secrets:print", "git:stage-all"]}}
    assert data(cue) == (cue, 0)
    assert redact("password:hunter2")[1] == 1 and redact("secret: letmein")[1] == 1
