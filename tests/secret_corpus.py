"""A generated corpus of secret shapes and of look-alikes that are not secrets.

Every value is synthesised from a seeded generator in the format its provider documents
(prefix, alphabet, length): realistic in shape, never real. SHAPES are (name, secret, text):
the secret must vanish from text wherever memkit writes it; LOOK_ALIKES must pass unchanged.
"""
from __future__ import annotations

import base64
import hashlib
import json
import random
import string

_rng = random.Random(20261212)
LOWER, UPPER, DIGITS = string.ascii_lowercase, string.ascii_uppercase, string.digits
ALNUM = LOWER + UPPER + DIGITS
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"


def r(n: int, alphabet: str = ALNUM) -> str:
    """n random characters, with at least one of each class the alphabet offers (a real key has them)."""
    while True:
        out = "".join(_rng.choice(alphabet) for _ in range(n))
        classes = [c for c in (LOWER, UPPER, DIGITS) if set(c) & set(alphabet)]
        if n < 8 or all(set(out) & set(c) for c in classes):
            return out


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def pem(label: str, lines: int = 5) -> str:
    body = "\n".join(r(64, B64) for _ in range(lines))
    return f"-----BEGIN {label}-----\n{body}\n{r(24, B64)}==\n-----END {label}-----"


def jwt() -> str:
    def part(obj):
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")
    return f"{part({'alg': 'RS256', 'kid': r(8)})}.{part({'sub': r(10), 'exp': 1767225600})}.{r(86, URLSAFE)}"


def password() -> str:
    return r(6, LOWER) + _rng.choice("!#%*-_") + r(5, ALNUM) + r(2, DIGITS)


AKIA = "AKIA" + r(16, UPPER + "234567")
AWS_SECRET = r(40, B64)
GHP, GHO, GHU, GHS = (f"gh{c}_" + r(36) for c in "pous")
GH_PAT = "github_pat_" + r(22) + "_" + r(59)
ANTHROPIC = "sk-ant-api03-" + r(93, URLSAFE) + "AA"
OPENAI_PROJ = "sk-proj-" + r(74, URLSAFE) + "T3BlbkFJ" + r(74, URLSAFE)
PYPI = "pypi-AgEIcHlwaS5vcmc" + r(70, URLSAFE)
def uuid() -> str:
    return "-".join(r(n, HEX) for n in (8, 4, 4, 4, 12))


UUID = uuid()
PW = password()

# (name, the secret, the text it is found in): one realistic shape each
SHAPES: list[tuple[str, str, str]] = [
    # --- cloud and code hosts ----------------------------------------------------------
    ("aws-key-id", AKIA, f"aws configure set aws_access_key_id {AKIA}"),
    ("aws-sts-id", (k := "ASIA" + r(16, UPPER + "234567")), json.dumps({"AccessKeyId": k, "Expiration": "2026-12-01"})),
    ("aws-secret", AWS_SECRET, f"[default]\naws_secret_access_key = {AWS_SECRET}"),
    ("aws-secret-env", (k := r(40, B64)), f'export AWS_SECRET_ACCESS_KEY="{k}"'),
    ("aws-session-token", (k := "FwoGZXIvYXdzE" + r(120, B64)), f"aws_session_token = {k}"),
    ("aws-env-prefix", (k := r(40, B64)), f"AWS_SECRET_ACCESS_KEY={k} aws s3 ls s3://backups"),
    ("github-pat", GHP, f"git clone https://x-access-token:{GHP}@github.com/acme/api.git"),
    ("github-oauth", GHO, json.dumps({"access_token": GHO, "scope": "repo"})),
    ("github-user-to-server", GHU, f"GITHUB_TOKEN={GHU}"),
    ("github-app", GHS, f"DEBUG using installation token {GHS} for acme/api"),
    ("github-refresh", (k := "ghr_" + r(36)), f"refresh_token={k}&grant_type=refresh_token"),
    ("github-fine-grained", GH_PAT, f'gh auth login --with-token <<< "{GH_PAT}"'),
    ("gitlab-pat", (k := "glpat-" + r(20, URLSAFE)), f"git push https://oauth2:{k}@gitlab.com/acme/api.git"),
    ("gitlab-runner", (k := "glrt-" + r(20, URLSAFE)), f"gitlab-runner register --token {k}"),
    ("gitlab-deploy", (k := "gldt-" + r(20, URLSAFE)), f"CI_DEPLOY_PASSWORD: {k}"),
    ("gitlab-ptt", (k := "glptt-" + r(40, HEX)), f"curl --request POST --form token={k} https://gitlab.com/api/v4/projects/1/trigger/pipeline"),
    ("bitbucket-app-pw", (k := "ATBB" + r(28)), f"BITBUCKET_APP_PASSWORD={k}"),
    ("atlassian-api", (k := "ATATT3xFfGF0" + r(174, URLSAFE + "=")), f"JIRA_API_TOKEN={k}"),
    ("azure-sas", (k := r(43, B64) + "%3D"), f"https://acme.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-01T00:00:00Z&sig={k}"),
    ("azure-account-key", (k := r(86, B64) + "=="), f"DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={k};EndpointSuffix=core.windows.net"),
    ("azure-ad-secret", (k := r(3) + "8Q~" + r(34, URLSAFE + "~.")), f"AZURE_CLIENT_SECRET={k}"),
    ("gcp-api-key", (k := "AIza" + r(35, URLSAFE)), f"https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key={k}"),
    ("gcp-private-key-id", (k := r(40, HEX)), json.dumps({"type": "service_account", "private_key_id": k, "client_email": "ci@acme.iam.gserviceaccount.com"})),
    ("gcp-private-key", (k := pem("PRIVATE KEY", 8)), json.dumps({"private_key": k + "\n", "client_id": "1234567890"})),
    ("digitalocean-pat", (k := "dop_v1_" + r(64, HEX)), f"doctl auth init --access-token {k}"),
    ("digitalocean-oauth", (k := "doo_v1_" + r(64, HEX)), f'{{"access_token": "{k}"}}'),
    ("databricks", (k := "dapi" + r(32, HEX)), f"databricks configure --token\nHost: https://adb-1.azuredatabricks.net\nToken: {k}"),
    ("heroku-v2", (k := "HRKU-AA" + r(58, URLSAFE)), f"heroku authorizations:create -> Token: {k}"),
    ("heroku-uuid", UUID, f"HEROKU_API_KEY={UUID}"),
    ("vault-token", (k := "hvs." + r(95, URLSAFE)), f"export VAULT_TOKEN={k}"),
    ("terraform-cloud", (k := r(14, LOWER + DIGITS) + ".atlasv1." + r(67, URLSAFE)), f'credentials "app.terraform.io" {{ token = "{k}" }}'),
    ("alibaba-key-id", (k := "LTAI" + r(20)), f"ALIBABA_CLOUD_ACCESS_KEY_ID={k}"),
    ("flyio", (k := "fo1_" + r(43, URLSAFE)), f"FLY_API_TOKEN={k} flyctl deploy"),
    ("cloudflare-token", (k := r(40, URLSAFE)), f"CLOUDFLARE_API_TOKEN={k}"),
    ("netlify-token", (k := "nfp_" + r(36)), f"netlify deploy --auth {k}"),
    ("vercel-token", (k := r(24)), f"vercel deploy --prod --token {k}"),
    ("firebase-fcm", (k := "AAAA" + r(7, URLSAFE) + ":APA91b" + r(134, URLSAFE)), f"Authorization: key={k}"),
    # --- AI providers ------------------------------------------------------------------
    ("anthropic", ANTHROPIC, f"export ANTHROPIC_API_KEY={ANTHROPIC}"),
    ("anthropic-admin", (k := "sk-ant-admin01-" + r(93, URLSAFE) + "AA"), f"x-api-key: {k}"),
    ("openai-project", OPENAI_PROJ, f"OPENAI_API_KEY={OPENAI_PROJ}"),
    ("openai-legacy", (k := "sk-" + r(20) + "T3BlbkFJ" + r(20)), f'client = OpenAI(api_key="{k}")'),
    ("openai-svcacct", (k := "sk-svcacct-" + r(74, URLSAFE) + "T3BlbkFJ" + r(74, URLSAFE)), f"Incorrect API key provided: {k}."),
    ("huggingface", (k := "hf_" + r(34, LOWER + UPPER)), f"huggingface-cli login --token {k}"),
    ("huggingface-org", (k := "api_org_" + r(34, LOWER + UPPER)), f"HF_ORG_TOKEN={k}"),
    ("perplexity", (k := "pplx-" + r(48)), f'{{"headers": {{"Authorization": "Bearer {k}"}}}}'),
    ("cohere", (k := r(40)), f"COHERE_API_KEY={k}"),
    ("replicate", (k := "r8_" + r(37)), f"REPLICATE_API_TOKEN={k}"),
    ("groq", (k := "gsk_" + r(52)), f"GROQ_API_KEY={k}"),
    # --- messaging and email -----------------------------------------------------------
    ("slack-bot", (k := f"xoxb-{r(12, DIGITS)}-{r(13, DIGITS)}-{r(24)}"), f'client = WebClient(token="{k}")'),
    ("slack-user", (k := f"xoxp-{r(12, DIGITS)}-{r(12, DIGITS)}-{r(13, DIGITS)}-{r(32, HEX)}"), f"Authorization: Bearer {k}"),
    ("slack-app", (k := f"xapp-1-A{r(10, UPPER + DIGITS)}-{r(13, DIGITS)}-{r(64, HEX)}"), f"SLACK_APP_TOKEN={k}"),
    ("slack-webhook", (k := f"T{r(8, UPPER + DIGITS)}/B{r(10, UPPER + DIGITS)}/{r(24)}"), f"https://hooks.slack.com/services/{k}"),
    ("discord-bot", (k := _rng.choice("MN") + r(25) + "." + r(6, URLSAFE) + "." + r(38, URLSAFE)), f"DISCORD_TOKEN={k}"),
    ("discord-bot-prose", (k := _rng.choice("MN") + r(25) + "." + r(6, URLSAFE) + "." + r(38, URLSAFE)), f"client.run('{k}')"),
    ("discord-webhook", (k := r(68, URLSAFE)), f"https://discord.com/api/webhooks/{r(18, DIGITS)}/{k}"),
    ("telegram-bot", (k := f"{r(10, DIGITS)}:AA{r(33, URLSAFE)}"), f"curl https://api.telegram.org/bot{k}/getMe"),
    ("telegram-env", (k := f"{r(9, DIGITS)}:AA{r(33, URLSAFE)}"), f"TELEGRAM_BOT_TOKEN={k}"),
    ("twilio-api-key", (k := "SK" + r(32, HEX)), f"twilio api:core:messages:create --api-key {k}"),
    ("twilio-auth-token", (k := r(32, HEX)), f"TWILIO_AUTH_TOKEN={k}"),
    ("sendgrid", (k := "SG." + r(22, URLSAFE) + "." + r(43, URLSAFE)), f"sg = SendGridAPIClient('{k}')"),
    ("mailgun-key", (k := "key-" + r(32, HEX)), f"curl -s --user 'api:{k}' https://api.mailgun.net/v3/acme.dev/messages"),
    ("mailgun-env", (k := f"{r(32, HEX)}-{r(8, HEX)}-{r(8, HEX)}"), f"MAILGUN_API_KEY={k}"),
    ("mailchimp", (k := r(32, HEX) + "-us21"), f"MAILCHIMP_API_KEY={k}"),
    ("sendinblue", (k := "xkeysib-" + r(64, HEX) + "-" + r(16)), f"BREVO_KEY={k}"),
    ("postmark", (k := uuid()), f"POSTMARK_SERVER_TOKEN={k}"),
    ("teams-webhook", (k := r(32, HEX)), f"https://acme.webhook.office.com/webhookb2/{uuid()}@{uuid()}/IncomingWebhook/{k}/{uuid()}"),
    # --- payments, commerce, SaaS ------------------------------------------------------
    ("stripe-live", (k := "sk_live_" + r(24)), f"stripe.api_key = '{k}'"),
    ("stripe-restricted", (k := "rk_live_" + r(99)), f"STRIPE_RESTRICTED={k}"),
    ("stripe-test", (k := "sk_test_" + r(24)), f"curl https://api.stripe.com/v1/charges -u {k}: -d amount=2000"),
    ("stripe-webhook", (k := "whsec_" + r(32)), f"STRIPE_WEBHOOK_SECRET={k}"),
    ("square", (k := "EAAA" + r(60, URLSAFE)), f"SQUARE_ACCESS_TOKEN={k}"),
    ("square-oauth", (k := "sq0csp-" + r(43, URLSAFE)), f"square_client_secret: {k}"),
    ("shopify-token", (k := "shpat_" + r(32, HEX)), f"X-Shopify-Access-Token: {k}"),
    ("shopify-secret", (k := "shpss_" + r(32, HEX)), f"SHOPIFY_API_SECRET={k}"),
    ("shippo", (k := "shippo_live_" + r(40, HEX)), f"Authorization: ShippoToken {k}"),
    ("easypost", (k := "EZAK" + r(54)), f"EASYPOST_API_KEY={k}"),
    ("paypal-braintree", (k := r(16, LOWER + DIGITS) + "$" + r(32, HEX)), f"BRAINTREE_TOKEN=access_token$production${k}"),
    ("linear", (k := "lin_api_" + r(40)), f'{{"Authorization": "{k}"}}'),
    ("notion", (k := "ntn_" + r(11, DIGITS) + r(35)), f"NOTION_TOKEN={k}"),
    ("notion-legacy", (k := "secret_" + r(43)), f"notion = Client(auth='{k}')"),
    ("postman", (k := "PMAK-" + r(24, HEX) + "-" + r(34, HEX)), f"newman run c.json --postman-api-key {k}"),
    ("doppler", (k := "dp.pt." + r(43)), f"DOPPLER_TOKEN={k}"),
    ("dynatrace", (k := "dt0c01." + r(24, UPPER + DIGITS) + "." + r(64, UPPER + DIGITS)), f"Api-Token {k}"),
    ("pulumi", (k := "pul-" + r(40, HEX)), f"pulumi login --access-token {k}"),
    ("rubygems", (k := "rubygems_" + r(48, HEX)), f":rubygems_api_key: {k}"),
    ("planetscale", (k := "pscale_pw_" + r(43, URLSAFE)), f"DATABASE_PASSWORD={k}"),
    ("grafana-sa", (k := "glsa_" + r(32) + "_" + r(8, HEX)), f"grafana_auth = {k}"),
    ("grafana-cloud", (k := "glc_" + r(60, B64) + "=="), f"GRAFANA_CLOUD_TOKEN={k}"),
    ("newrelic", (k := "NRAK-" + r(27, UPPER + DIGITS)), f"NEW_RELIC_API_KEY={k}"),
    ("datadog", (k := r(32, HEX)), f"DD_API_KEY={k} datadog-agent run"),
    ("sentry-dsn", (k := r(32, HEX)), f"SENTRY_DSN=https://{k}@o{r(6, DIGITS)}.ingest.sentry.io/{r(7, DIGITS)}"),
    ("sentry-dsn-code", (k := r(32, HEX)), f'sentry_sdk.init(dsn="https://{k}@o{r(6, DIGITS)}.ingest.us.sentry.io/{r(7, DIGITS)}")'),
    ("sentry-user-token", (k := "sntryu_" + r(64, HEX)), f"SENTRY_AUTH_TOKEN={k}"),
    ("snyk-env", (k := uuid()), f"SNYK_TOKEN={k}"),
    ("snyk-auth", (k := "-".join(r(n, HEX) for n in (8, 4, 4, 4, 12))), f"snyk auth {k}"),
    ("snyk-config", (k := "-".join(r(n, HEX) for n in (8, 4, 4, 4, 12))), f"snyk config set api={k}"),
    ("okta", (k := "00" + r(40, URLSAFE)), f"Authorization: SSWS {k}"),
    ("artifactory", (k := "AKCp" + r(69)), f"ARTIFACTORY_API_KEY={k}"),
    ("age-key", (k := "AGE-SECRET-KEY-1" + r(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")), f"# created: 2026-01-01\n{k}"),
    ("onepassword-sa", (k := "ops_eyJ" + r(260, B64)), f"OP_SERVICE_ACCOUNT_TOKEN={k}"),
    ("npm", (k := "npm_" + r(36)), f"//registry.npmjs.org/:_authToken={k}"),
    ("npmrc-auth", (k := b64(f"ci:{password()}")), f"_auth={k}\nalways-auth=true"),
    ("pypi-twine", PYPI, f"twine upload -u __token__ -p {PYPI} dist/*"),
    ("pypi-pypirc", (k := "pypi-AgENdGVzdC5weXBpLm9yZw" + r(70, URLSAFE)), f"[testpypi]\nusername = __token__\npassword = {k}"),
    ("docker-config-auth", (k := b64(f"deploy:{password()}")), json.dumps({"auths": {"https://index.docker.io/v1/": {"auth": k}}})),
    # --- keys and tokens by structure --------------------------------------------------
    ("jwt-cookie", (k := jwt()), f"Set-Cookie: session={k}; Path=/; HttpOnly"),
    ("jwt-json", (k := jwt()), json.dumps({"id_token": k, "expires_in": 3600})),
    ("kubeconfig-token", (k := jwt()), f"users:\n- name: ci\n  user:\n    token: {k}"),
    ("rsa-key", (k := pem("RSA PRIVATE KEY")), f"$ cat ~/.ssh/deploy_rsa\n{k}\n$ "),
    ("openssh-key", (k := pem("OPENSSH PRIVATE KEY", 7)), f"{k}\n"),
    ("ec-key", (k := pem("EC PRIVATE KEY", 3)), f"key = '''{k}'''"),
    ("encrypted-key", (k := pem("ENCRYPTED PRIVATE KEY", 6)), f"{k}"),
    ("pgp-key", (k := pem("PGP PRIVATE KEY BLOCK", 9)), json.dumps({"stdout": k})),
    ("bearer-header", (k := r(40, URLSAFE)), f'curl -H "Authorization: Bearer {k}" https://api.acme.dev/v1/me'),
    ("basic-header", (k := b64(f"admin:{password()}")), f"GET /admin HTTP/1.1\nAuthorization: Basic {k}"),
    ("api-key-header", (k := r(32)), f'{{"headers": {{"X-API-KEY": "{k}"}}}}'),
    # --- passwords in URLs, files and command lines -----------------------------------
    ("url-postgres", (k := password()), f"DATABASE_URL=postgres://app_user:{k}@db.internal:5432/app"),
    ("url-redis", (k := r(24)), f"redis-cli -u redis://:{k}@cache.internal:6379/0 ping"),
    ("url-mongo", (k := password()), f"mongosh 'mongodb+srv://admin:{k}@cluster0.ab1cd.mongodb.net/app'"),
    ("url-amqp", (k := password()), f"CELERY_BROKER_URL=amqp://worker:{k}@rabbit:5672//"),
    ("url-https", (k := r(16)), f"Fetching https://deploy:{k}@artifacts.acme.dev/releases/app.tgz"),
    ("url-pip-index", (k := password()), f"pip install --index-url https://ci:{k}@pypi.acme.dev/simple app"),
    ("git-credentials", (k := "ghp_" + r(36)), f"https://alice:{k}@github.com"),
    ("curl-u", (k := password()), f"curl -u admin:{k} https://jenkins.acme.dev/api/json"),
    ("curl-user-quoted", (k := password()), f"curl --user 'deploy:{k}' -X POST https://registry.acme.dev/v2/"),
    ("curl-u-attached", (k := password()), f"curl -uops:{k} https://nexus.acme.dev/service/rest"),
    ("mysql-p", (k := password()), f"mysql -h db -u root -p{k} app < dump.sql"),
    ("mysqldump-p", (k := password()), f"mysqldump -uroot -p{k} --all-databases > all.sql"),
    ("mysql-password-eq", (k := password()), f"mysql --user=app --password={k} -e 'select 1'"),
    ("mysqldump-password-space", (k := password()), f"mysqldump --user=root --password {k} app > dump.sql"),
    ("sshpass", (k := password()), f"sshpass -p {k} ssh deploy@10.0.0.5 uptime"),
    ("sshpass-quoted", (k := password()), f"sshpass -p '{k}' scp app.tgz deploy@web:/srv"),
    ("redis-cli-a", (k := r(24)), f"redis-cli -h cache -a {k} info"),
    ("docker-login-p", (k := password()), f"docker login -u deploy -p {k} registry.acme.dev"),
    ("docker-login-password", (k := password()), f"docker login registry.acme.dev --username ci --password {k}"),
    ("htpasswd-b", (k := password()), f"htpasswd -b -c /etc/nginx/.htpasswd admin {k}"),
    ("openssl-pass", (k := password()), f"openssl pkcs12 -export -in cert.pem -passout pass:{k} -out cert.p12"),
    ("pgpassword-env", (k := password()), f"PGPASSWORD={k} psql -h db -U app -c 'select 1'"),
    ("pgpass-file", (k := password()), f"db.internal:5432:app:app_user:{k}"),
    ("netrc-line", (k := password()), f"machine api.heroku.com login alice@acme.dev password {k}"),
    ("netrc-lines", (k := password()), f"machine ftp.acme.dev\n  login deploy\n  password {k}\n"),
    ("env-file", (k := password()), f"# .env\nDB_HOST=localhost\nDB_PASSWORD={k}\nDB_PORT=5432"),
    ("compose-env", (k := password()), f"services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: {k}"),
    ("docker-run-e", (k := password()), f"docker run -e MYSQL_ROOT_PASSWORD={k} -d mysql:8"),
    ("export-secret", (k := r(32, B64)), f"export SESSION_SECRET='{k}'"),
    ("json-client-secret", (k := password()), json.dumps({"client_id": "web-app", "client_secret": k})),
    ("python-kwarg", (k := password()), f'conn = psycopg.connect(host="db", password="{k}")'),
    ("spring-properties", (k := password()), f"spring.datasource.password={k}"),
    ("xml-password", (k := password()), f"<settings><server><password>{k}</password></server></settings>"),
    ("nuget-password", (k := password()), f'<add key="ClearTextPassword" value="{k}" />'),
    ("js-config", (k := r(32)), f'const config = {{ apiKey: "{k}", region: "eu" }};'),
    ("go-assign", (k := r(32)), f'secret := "{k}"'),
    ("log-line", (k := r(32)), f"2026-11-29 12:00:01 INFO webhook signing secret: {k} loaded"),
    ("python-annotated", (k := r(32)), f'api_key: str = "{k}"'),
    ("echo-to-file", (k := r(32)), f"echo 'api_token = \"{k}\"' >> config.toml"),
    ("k8s-secret-data", (k := b64(password())), f"apiVersion: v1\nkind: Secret\ndata:\n  password: {k}"),
    ("yaml-password", (k := password()), f"database:\n  username: app\n  password: {k}"),
    ("toml-token", (k := r(40)), f'[registry]\ntoken = "{k}"'),
    ("ini-secret", (k := password()), f"[smtp]\nuser = mailer\nsmtp_password = {k}"),
    ("compare-literal", (k := password()), f"    if password == '{k}':\n        return True"),
    ("app-settings", (k := r(32)), f'<appSettings><add key="ApiKey" value="{k}" /></appSettings>'),
    ("helm-set", (k := password()), f"helm install app ./chart --set db.password={k}"),
    ("kubectl-literal", (k := password()), f"kubectl create secret generic db --from-literal=password={k}"),
    ("gh-secret-set", (k := r(40)), f"gh secret set DEPLOY_KEY --body {k}"),
    ("env-prefix-command", (k := r(40)), f'API_TOKEN="{k}" ./deploy.sh --prod'),
    ("env-prefix-unlabelled", (k := r(40)), f"STRIPE_LIVE={k} npm run charge"),
    # --- said in words -----------------------------------------------------------------
    ("prose-secret", (k := r(32)), f"so my deploy secret is {k} and nobody else knows it"),
    ("prose-password", (k := password()), f"the admin password is {k}, change it after the demo"),
    ("prose-passphrase", (k := "correct-horse-battery-" + r(6, LOWER) + "-42"), f"the passphrase for the key is {k}"),
    ("prose-password-colon", (k := password()), f"wifi password: {k}"),
    ("prose-token-use", (k := r(40)), f"use this token when it asks: {k}"),
    ("unlabelled-paste", (k := r(48)), f"here you go:\n{k}\nthat's the one from the vault"),
    # --- encoded or broken up ----------------------------------------------------------
    ("base64-env", (k := b64(f"DB_PASSWORD={password()}\nDB_USER=app\n")), f"echo {k} | base64 -d > .env"),
    ("base64-token", (k := b64(f"GITHUB_TOKEN={'ghp_' + r(36)}")), f"CONFIG_B64={k}"),
    ("base64-k8s-token", (k := b64("sk_live_" + r(24))), f"data:\n  stripe-key: {k}"),
    ("split-github", (k := "ghp_" + r(36)), f"token: {k[:20]}\n{k[20:]}"),
    ("split-anthropic-json", (k := ANTHROPIC), json.dumps({"text": f"key {k[:50]}\n{k[50:]}"})),
    ("split-openai", (k := OPENAI_PROJ), f"OPENAI_API_KEY={k[:80]}\n{k[80:]}"),
]

# Text that is not a secret and must pass unchanged: hashes, ids, checksums, images,
# identifiers, URLs without credentials, flags that look like password flags.
LOOK_ALIKES: list[str] = [
    f"commit {hashlib.sha1(b'a').hexdigest()}\nAuthor: Jane Doe <jane@acme.dev>",
    f"sha256sum app.tgz\n{hashlib.sha256(b'app').hexdigest()}  app.tgz",
    f"md5: {hashlib.md5(b'x').hexdigest()}",
    '{"session_id": "550e8400-e29b-41d4-a716-446655440000", "request_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7"}',
    '{"id": "msg_01XFDUDYJgAACzvnptvVoYEL", "type": "message", "model": "claude-opus-4"}',
    '{"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "Bash"}',
    '"requestId": "req_011CVgK7pTz9xQm2sL4nWd8R", "uuid": "249f0a75-83dd-4a93-ada1-d1ebe18bcb9b"',
    '{"id": "chatcmpl-9xKfT2bQm8LpR4sVnW7yZ1aC3dE5f", "object": "chat.completion"}',
    "FROM python@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    '"integrity": "sha512-9nK0bQ6L3WpYXZ8ZJxGAGfMKoL5bbYCd9XpcoUq1UfV4uXbVTz8fKfXpAvNYYq6dgtqYtjZqXUQ1hRdq9OQ4Ng=="',
    '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">',
    "url(data:font/woff2;base64,d09GMgABAAAAAAYUAA0AAAAAC7gAAAW/AAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP0ZGVE0cGh4GYACCUhEICo5YjAULEAABNgIkAxwEIAWEGwc)",
    "ls static/js\nmain.3f2a9c1e.chunk.js  runtime-main.8b1c2d3e.js  vendors~main.4e5f6a7b.chunk.js",
    "AbstractSingletonProxyFactoryBeanDefinitionRegistryPostProcessorAdapter",
    "test_refresh_token_rotates_after_expiry_when_session_is_revoked_by_admin",
    "https://github.com/acme/api/blob/main/src/auth/token_refresh.py#L42",
    "git remote add origin https://alice@github.com/acme/api.git && curl http://localhost:8080/health",
    "git@github.com:acme/api.git",
    "postgres://user:password@localhost:5432/app and mysql://root:${MYSQL_ROOT_PASSWORD}@db/app",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl alice@laptop",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYWV3bzRGrmjm4mQ5cO1NlCFsaN\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ9kP2F8yWcEw3oL0vZ1xq8nR0mIwCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----",
    "docker run -p 8080:80 -p 5432:5432 nginx && mkdir -p build/out && ssh -p 2222 deploy@web",
    "git add -p src/ && python -u train.py && cp -p a b && npm i -g pnpm",
    "mysql -u root -p app   # asks for the password",
    "curl -u $JENKINS_USER:$JENKINS_TOKEN https://jenkins.acme.dev/api/json",
    'sshpass -p "$SSH_PASS" ssh deploy@web && redis-cli -a "${REDIS_PASSWORD}" ping',
    "password=\nAPI_KEY=\nDB_PASSWORD=<your-password>\nAPI_KEY=your-api-key-here",
    "API_KEY=${API_KEY}\nexport GITHUB_TOKEN=$GH_TOKEN\nTOKEN=$(vault read -field=token secret/ci)",
    "password: xxxxxxxx\nsecret: '********'\nDB_PASSWORD=changeme",
    "SSH_KEY_PATH=/home/alice/.ssh/id_ed25519\npassword_file: /run/secrets/db_password",
    '{"usage": {"input_tokens": 1234, "cache_read_input_tokens": 20480, "output_tokens": 312, "max_tokens": 4096}}',
    'tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")',
    "def login(self, username: str, password: str) -> bool:",
    "Error: invalid token: expected string, received undefined",
    "The password is required and the passphrase is wrong; the token is valid for 3600 seconds.",
    "PASSWORD_MIN_LENGTH=12\nTOKEN_TTL=3600\nSECRET_ROTATION_DAYS=90\nMAX_TOKENS=4096",
    "jobs:\n  release:\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          token: ${{ secrets.GITHUB_TOKEN }}",
    '{"access_token_url": "https://github.com/login/oauth/access_token", "token_type": "bearer", "expires_in": 3600}',
    "password_hash = bcrypt.hashpw(candidate.encode(), salt)",
    "[user]\n\tsigningkey = 8E1F899571345D06\n[commit]\n\tgpgsign = true",
    "We store them in AWS Secrets Manager; the secret sauce is caching.",
    'Ingrid saw your commit and asked me to pass this on: "exports/marc2/ is a snapshot, never edit it"',
    "could you pass it along to the team: deploy-v2 waits for QA",
    'keywords = ["secret:", "password:", "token:", "key:"]',
    "const apiKey = process.env.OPENAI_API_KEY;",
    "pip install scikit-learn==1.5.2 numpy==2.1.0 tokenizers==0.20.3",
    "STRIPE_PUBLISHABLE_KEY=pk_live_placeholder-see-dashboard",
    "arn:aws:iam::123456789012:role/ci-deploy and s3://acme-backups/2026/11/db.dump",
    "GOOGLE_CLIENT_ID=1234567890-abcdefghijklmnop.apps.googleusercontent.com",
    "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG is the IPFS CID of the build",
    f"echo {b64('hello world, this is a readme')} | base64 -d",
    f"CONFIG_B64={b64('log_level=debug, retries=3, region=eu-west-1')}",
    '{"etag": "\\"33a64df551425fcc55e4d42a148795d9f25f89d4\\"", "last-modified": "Tue, 01 Dec 2026"}',
    "task-management-system-for-teams-2026-roadmap-v2 and user_profile_settings_page_component",
    "lib/phoenix/token.ex:135: Phoenix.Token.verify/4",
    '<appSettings><add key="Theme" value="dark" /></appSettings>',
    "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
    "netrc: machine github.com login alice password $GITHUB_TOKEN",
    "npm notice shasum: 6f1ed002ab5595859014ebf0951522d9\nnpm notice integrity: sha512-7yb2m1DcAgHGa[...]w==",
    "wheel: memkit-0.1.0-py3-none-any.whl sha256=3b5d5c3712955042212316173ccf37be8fbd0e2c1e4bcb2a94db5ec8c0b1d7a3",
    "Bearer token authentication is configured in settings.py; see the auth section.",
    "The session id was 4f3c2a1b-9d8e-4f7a-b6c5-0123456789ab and the trace id 0af7651916cd43dd8448eb211c80319c",
]
