"""The action catalogue on concrete cases: tool calls and natural language land on the same kinds,
innocent everyday actions on none, and a vault can override the packaged files."""
from __future__ import annotations

import json
import marshal
import re

import pytest

from memkit.activation import acts, catalogue as taxonomy, literals as taxliterals, snapshot as taxsnapshot
from memkit.errors import InvalidInput
from memkit import cachefile

TAX = taxonomy.load(None)


def bash(command: str) -> tuple[str, dict]:
    return "Bash", {"command": command}


def edit(path: str, old: str, new: str) -> tuple[str, dict]:
    return "Edit", {"file_path": path, "old_string": old, "new_string": new}


def write(path: str, content: str) -> tuple[str, dict]:
    return "Write", {"file_path": path, "content": content}


def _action_text(tool: str, inp) -> str:
    return acts.from_call(tool, inp).text


def types_of(call: tuple[str, dict]) -> set[str]:
    return TAX.classify_action(*call)


ASYNC_ROUTE = '''from fastapi import APIRouter
import requests

router = APIRouter()


@router.get("/rates/{currency}")
async def rates(currency: str):
    resp = requests.get(f"https://api.example.com/rates/{currency}", timeout=5)
    return resp.json()
'''
SYNC_SCRIPT = '''import requests

def main():
    print(requests.get("https://example.com", timeout=5).status_code)
'''
TIMER = "[Unit]\nDescription=Purge expired carts\n\n[Timer]\nOnCalendar=*-*-* 02:00:00\nPersistent=true\n"
LOOSE_SCRIPT = "#!/bin/bash\ncd /srv/app\npg_dump shop > /backups/shop.sql\n"
STRICT_SCRIPT = "#!/usr/bin/env bash\nset -euo pipefail\npg_dump shop > /backups/shop.sql\n"

# ─── concrete actions that must carry a type ───────────────────────────────────
ACTIONS = [
    # schema migrations
    (edit("alembic/versions/3f2_drop_coupon.py", "    pass", "    op.drop_column('orders', 'coupon')"),
     "schema-migration:column-removal"),
    (write("app/migrations/0042_remove_legacy.py",
           "from django.db import migrations\n\nclass Migration(migrations.Migration):\n"
           "    operations = [migrations.RemoveField(model_name='user', name='legacy')]\n"),
     "schema-migration:column-removal"),
    (bash("psql -c 'ALTER TABLE users DROP COLUMN legacy'"), "schema-migration:column-removal"),
    (write("db/migrate/20240101_remove_nickname.rb", "remove_column :users, :nickname\n"),
     "schema-migration:column-removal"),
    (edit("database/migrations/x.php", "", "$table->dropColumn('votes');"), "schema-migration:column-removal"),
    (bash("mysql -e 'ALTER TABLE orders DROP coupon_code'"), "schema-migration:column-removal"),
    (edit("alembic/versions/9a_drop.py", "    pass", "    op.drop_table('sessions')"), "schema-migration:table-drop"),
    (bash('psql "$DATABASE_URL" -c "DROP TABLE IF EXISTS audit_log"'), "schema-migration:table-drop"),
    (edit("app/migrations/0007_initial.py", "max_length=50", "max_length=80"), "schema-migration:edit-applied"),
    (edit("db/migrate/20230101_create_users.rb", "t.string :name", "t.string :name, null: false"),
     "schema-migration:edit-applied"),
    (bash("alembic revision --autogenerate -m 'add index'"), "schema-migration:create"),
    (bash("psql -c 'CREATE INDEX idx_orders_created ON orders (created_at)'"), "schema-migration:index-create"),
    # databases and SQL
    (bash("alembic upgrade head"), "db:migration-run"),
    (bash("python manage.py migrate"), "db:migration-run"),
    (bash("npx prisma migrate deploy"), "db:migration-run"),
    (bash("psql -h db.prod.internal -U app shop"), "db:prod-access"),
    (bash("pg_dump -Fc shop > shop.dump"), "db:dump"),
    (bash("pg_restore -d shop shop.dump"), "db:restore"),
    (bash('psql -c "TRUNCATE TABLE events"'), "db:bulk-delete"),
    (edit("app/jobs.py", "", "Event.objects.all().delete()"), "db:bulk-delete"),
    (bash('psql -c "UPDATE users SET active = false"'), "db:update-no-where"),
    (bash("npx prisma migrate reset --force"), "db:reset"),
    (edit("app/repo.py", "", 'cur.execute(f"SELECT * FROM users WHERE email = \'{email}\'")'),
     "sql:string-built-query"),
    (edit("app/repo.py", "", 'cur.execute("SELECT * FROM users WHERE id = %s" % user_id)'), "sql:string-built-query"),
    (edit("app/repo.py", "", 'cur.execute("SELECT * FROM users WHERE name = \'" + name + "\'")'),
     "sql:string-built-query"),
    (edit("app/repo.py", "", 'db.execute("DELETE FROM carts WHERE id = {}".format(cart_id))'),
     "sql:string-built-query"),
    (edit("src/repo.ts", "", "await pool.query(`SELECT * FROM orders WHERE id = ${id}`)"), "sql:string-built-query"),
    (edit("app/repo.py", "", "rows = User.objects.raw('SELECT * FROM users')"), "sql:raw-query"),
    # git
    (bash('git commit -am "fix"'), "git:stage-all"),
    (bash("git add -A && git commit -m wip"), "git:stage-all"),
    (bash("git add ."), "git:stage-all"),
    (bash("git add --all"), "git:stage-all"),
    (bash('git commit -a -m "update"'), "git:stage-all"),
    (bash("git push --force origin feature"), "git:force-push"),
    (bash("git push -f"), "git:force-push"),
    (bash("git push --force-with-lease"), "git:force-push"),
    (bash("git push origin +main"), "git:force-push"),
    (bash('git commit --no-gpg-sign -m "x"'), "git:commit-unsigned"),
    (bash('git -c commit.gpgsign=false commit -m "x"'), "git:commit-unsigned"),
    (bash('git commit -m "add parser"'), "git:commit"),
    (bash("git push origin feature/cart"), "git:push"),
    (bash("git reset --hard origin/main"), "git:reset-hard"),
    (bash("git checkout -- ."), "git:reset-hard"),
    (bash("git rebase -i HEAD~3"), "git:rebase"),
    (bash("git pull --rebase"), "git:rebase"),
    (bash("git commit --amend --no-edit"), "git:amend"),
    (bash('git commit --no-verify -m "wip"'), "git:no-verify"),
    (bash('git commit -n -m "wip"'), "git:no-verify"),
    (bash("HUSKY=0 git push"), "git:no-verify"),
    (bash("git branch -D old-feature"), "git:branch-delete"),
    (bash("git push origin --delete old-feature"), "git:branch-delete"),
    (bash("git clean -fdx"), "git:clean"),
    (bash("git push origin main"), "git:main-direct"),
    (bash('git commit -m "x\n\nCo-Authored-By: Claude <noreply@anthropic.com>"'), "git:ai-attribution"),
    # files
    (bash("rm -rf node_modules dist"), "fs:recursive-delete"),
    (bash("rm -r build/"), "fs:recursive-delete"),
    (edit("scripts/clean.py", "", "shutil.rmtree(out_dir)"), "fs:recursive-delete"),
    (bash("find . -name '*.pyc' -delete"), "fs:recursive-delete"),
    (bash("chmod -R 777 storage"), "fs:chmod-broad"),
    (bash("chmod 777 /var/www/uploads"), "fs:chmod-broad"),
    (edit("/etc/nginx/nginx.conf", "worker_processes 1;", "worker_processes auto;"), "files:edit-outside-project"),
    (write("/Users/ana/.zshrc", "export PATH=$HOME/bin:$PATH\n"), "files:edit-outside-project"),
    (bash("echo 'alias k=kubectl' >> ~/.bashrc"), "files:edit-outside-project"),
    (write("app/services/billing_v2.py", "def charge(): ...\n"), "files:duplicate-copy"),
    # dependencies
    (bash("npm install lodash"), "deps:add"),
    (bash("pip install requests"), "deps:add"),
    (bash("uv add httpx"), "deps:add"),
    (bash("poetry add pendulum"), "deps:add"),
    (bash("yarn add react-query"), "deps:add"),
    (bash("cargo add serde"), "deps:add"),
    (bash("brew install jq"), "deps:install-tool"),
    (bash("npm i -g typescript"), "deps:install-tool"),
    (bash("pipx install ruff"), "deps:install-tool"),
    (bash("curl -fsSL https://bun.sh/install | bash"), "deps:install-tool"),
    (bash("sudo apt-get install -y postgresql-client"), "deps:install-tool"),
    (edit("package-lock.json", '"version": "1.0.0"', '"version": "1.0.1"'), "deps:lockfile-edit"),
    (bash("rm poetry.lock"), "deps:lockfile-delete"),
    (edit("pyproject.toml", 'dependencies = ["httpx"]', 'dependencies = ["httpx", "rich"]'), "deps:manifest-edit"),
    (bash("npm audit fix --force"), "deps:upgrade"),
    (bash("npm test"), "deps:npm"),
    (bash("pnpm add zod"), "deps:pnpm"),
    (bash("pip install -U django"), "deps:pip"),
    # tests
    (edit("tests/test_cart.py", "def test_total():", "@pytest.mark.skip(reason='flaky')\ndef test_total():"),
     "tests:skip"),
    (edit("src/cart.test.ts", "it('totals', () => {", "it.skip('totals', () => {"), "tests:skip"),
    (edit("src/cart.test.ts", "describe('cart', () => {", "xdescribe('cart', () => {"), "tests:skip"),
    (bash("pytest -k 'not test_checkout'"), "tests:skip"),
    (edit("tests/test_repo.py", "def test_save(db):", "@patch('app.repo.db.session')\ndef test_save(mock_session):"),
     "tests:mock-db"),
    (edit("src/repo.test.ts", "", "jest.mock('../db/prisma')"), "tests:mock-db"),
    (bash("git rm tests/test_legacy_export.py"), "tests:delete"),
    (bash("rm src/__tests__/cart.test.ts"), "tests:delete"),
    (edit("tests/test_total.py", "    assert total == Decimal('10.77')", "    assert total"), "tests:weaken-assertion"),
    (edit("tests/test_total.py", "    assert total == 3", "    # assert total == 3"), "tests:weaken-assertion"),
    (bash("npx jest -u"), "tests:snapshot-update"),
    # secrets and security
    (bash("echo $STRIPE_SECRET_KEY"), "secrets:print"),
    (bash("cat .env"), "secrets:print"),
    (bash("printenv"), "secrets:print"),
    (edit("app/client.py", "", 'print(f"using token {api_token}")'), "secrets:print"),
    (("Read", {"file_path": "/repo/.env.production"}), "secrets:read"),
    (write("app/settings.py", 'STRIPE_API_KEY = "sk_live_51HxQ2kLmN8pQrStUvWx"\n'), "secrets:commit"),
    (bash("git add .env"), "secrets:commit"),
    (edit(".env", "DEBUG=0", "DEBUG=1"), "config:env-change"),
    (bash("fly secrets set STRIPE_KEY=x"), "config:env-change"),
    (edit("app/http.py", "", "requests.get(url, verify=False, timeout=5)"), "security:disable-tls"),
    (bash("curl -k https://internal/api"), "security:disable-tls"),
    (edit("app/views.py", "", "@csrf_exempt\ndef webhook(request):"), "security:csrf-exempt"),
    (edit("app/run.py", "", "subprocess.run(f'convert {name}', shell=True)"), "security:shell-injection"),
    (edit("src/Bio.tsx", "", "<div dangerouslySetInnerHTML={{ __html: bio }} />"), "security:xss"),
    (edit("app/load.py", "", "cfg = yaml.load(fh)"), "security:unsafe-deserialise"),
    (edit("app/hash.py", "", "digest = hashlib.md5(password.encode()).hexdigest()"), "security:weak-crypto"),
    (bash("curl -sSL https://get.example.com | sh"), "net:curl-pipe-shell"),
    (bash("wget -qO- https://x.io/install.sh | sudo bash"), "net:curl-pipe-shell"),
    (bash("sudo systemctl restart nginx"), "system:sudo"),
    (bash("kill -9 4242"), "process:kill"),
    (bash("pkill -f gunicorn"), "process:kill"),
    (bash("lsof -ti:3000 | xargs kill"), "process:kill"),
    # infrastructure and deployment
    (bash("terraform apply -auto-approve"), "infra:apply"),
    (bash("terraform destroy -target=module.cache"), "infra:apply"),
    (bash("tofu apply plan.out"), "infra:apply"),
    (bash("pulumi up --yes"), "infra:apply"),
    (bash("kubectl apply -f k8s/deployment.yaml"), "k8s:apply-by-hand"),
    (bash("kubectl delete pod api-7f9c"), "k8s:delete"),
    (bash("helm upgrade --install api ./chart"), "helm:install-upgrade"),
    (bash("cdk deploy ProdStack"), "infra:apply"),
    (bash("vercel deploy --prod"), "deploy:prod"),
    (bash("./scripts/deploy.sh production"), "deploy:prod"),
    (bash("git push heroku main"), "deploy:prod"),
    (bash("fly deploy"), "deploy:run"),
    (bash("npm publish"), "release:publish"),
    (edit(".github/workflows/ci.yml", "python-version: '3.11'", "python-version: '3.12'"), "ci:edit-workflow"),
    (edit(".github/workflows/ci.yml", "    - run: pytest", "    - run: pytest\n      continue-on-error: true"),
     "ci:skip-checks"),
    (bash("docker run --privileged -v /var/run/docker.sock:/var/run/docker.sock img"), "docker:privileged"),
    (edit("docker-compose.yml", "  app:", "  app:\n    privileged: true"), "docker:privileged"),
    (bash("docker system prune -af --volumes"), "docker:destructive"),
    (bash("docker compose down -v"), "docker:volume-delete"),
    (bash("aws s3 rm s3://backups --recursive"), "cloud:storage-delete"),
    (bash("ssh deploy@prod-1 'sudo systemctl restart app'"), "remote:ssh"),
    (bash("systemctl restart postgresql"), "service:restart"),
    # redis
    (bash("redis-cli --raw keys 'session:*'"), "redis:keys-scan"),
    (bash("redis-cli -h cache.prod KEYS '*'"), "redis:keys-scan"),
    (edit("app/cart.py", "    return []", '    keys = await redis.keys(f"cart:{uid}:*")'), "redis:keys-scan"),
    (edit("src/cache.ts", "", "const keys = await client.keys(`sess:${id}:*`);"), "redis:keys-scan"),
    (bash("redis-cli FLUSHALL"), "redis:flush"),
    (edit("app/cache.py", "", "r.flushdb()"), "redis:flush"),
    # shell scripts and scheduling
    (write("scripts/backup.sh", LOOSE_SCRIPT), "shell:script-write"),
    (write("scripts/backup.sh", LOOSE_SCRIPT), "shell:no-strict-mode"),
    (write("bin/rotate", "#!/bin/sh\nfind /var/log/app -mtime +7 -delete\n"), "shell:no-strict-mode"),
    (edit("bin/rotate", "find /var/log/app -mtime +7 -delete", "#!/bin/sh\nfind /var/log/app -mtime +7 -delete"),
     "shell:no-strict-mode"),
    (bash("cat > deploy.sh <<'EOF'\n#!/bin/bash\nrsync -a dist/ web:/srv\nEOF"), "shell:script-write"),
    (bash("sed -i 's/foo/bar/' app/config.py"), "shell:edit-via-shell"),
    (write("deploy/cart-purge.timer", TIMER), "schedule:cron"),
    (bash("(crontab -l; echo '0 2 * * * /srv/purge.sh') | crontab -"), "schedule:cron"),
    (bash("echo '*/5 * * * * root /usr/local/bin/sync' | sudo tee /etc/cron.d/sync"), "schedule:cron"),
    (write("/Users/ana/Library/LaunchAgents/com.ana.backup.plist",
           "<plist><dict><key>StartCalendarInterval</key><dict/></dict></plist>"), "schedule:cron"),
    (edit("proj/celery.py", "app.conf.beat_schedule = {}",
          "app.conf.beat_schedule = {'purge': {'task': 'purge', 'schedule': crontab(hour=2)}}"),
     "schedule:periodic-job"),
    (write("k8s/purge.yaml", "apiVersion: batch/v1\nkind: CronJob\nspec:\n  schedule: '0 2 * * *'\n"),
     "schedule:periodic-job"),
    # async, HTTP, money, time
    (write("app/routes/rates.py", ASYNC_ROUTE), "async:blocking-call"),
    (edit("app/api/orders.py", "async def create(order: Order):\n    save(order)",
          "async def create(order: Order):\n    time.sleep(1)\n    save(order)"), "async:blocking-call"),
    (write("app/routes/rates.py", ASYNC_ROUTE), "http:sync-client"),
    (edit("app/client.py", "", "resp = requests.post(url, json=payload)"), "http:no-timeout"),
    (edit("web/cart.js", "const total = base;", "const total = Math.round(base * 1.077 * 100) / 100;"),
     "money:float-arithmetic"),
    (edit("app/pricing.py", "", "price = float(row['price'])"), "money:float-arithmetic"),
    (edit("src/checkout.ts", "", "const amount = parseFloat(input.amount);"), "money:float-arithmetic"),
    (edit("src/Invoice.tsx", "", "<td>{subtotal.toFixed(2)}</td>"), "money:float-arithmetic"),
    (edit("app/pricing.py", "", "total = subtotal * 0.85"), "money:float-arithmetic"),
    (edit("app/report.py", "", "today = datetime.now()"), "time:naive-datetime"),
    (edit("app/report.py", "", "stamp = datetime.utcnow()"), "time:naive-datetime"),
    # types, lint, logging, errors
    (edit("src/api.ts", "", "const body: any = await res.json();"), "types:any"),
    (edit("src/api.ts", "", "return (payload as any).items;"), "types:any"),
    (edit("src/api.ts", "", "const meta: Record<string, any> = {};"), "types:any"),
    (edit("src/api.ts", "", "// @ts-ignore\nwindow.foo = 1;"), "types:ignore"),
    (edit("app/x.py", "", "value = thing.attr  # type: ignore"), "types:ignore"),
    (edit("src/x.ts", "", "// eslint-disable-next-line no-console"), "lint:disable"),
    (edit("app/x.py", "", "import os  # noqa: F401"), "lint:disable"),
    (edit("app/x.py", "", "# pylint: disable=broad-except"), "lint:disable"),
    (edit("app/cart.py", "    return total", '    print("DEBUG total", total)\n    return total'),
     "logging:print-debug"),
    (edit("src/cart.ts", "", "console.log('cart', cart);"), "logging:print-debug"),
    (edit("app/sync.py", "    sync()", "    try:\n        sync()\n    except Exception:\n        pass"), "errors:swallow"),
    (edit("src/sync.ts", "", "await sync().catch(() => {});"), "errors:swallow"),
    (edit("app/sync.py", "", "except Exception as e:"), "errors:broad-except"),
    # user-facing text, scraping, style, language
    (edit("shop/views.py", "    order.save()", '    order.save()\n    messages.info(request, "Thanks!")'),
     "i18n:hardcoded-string"),
    (edit("templates/cart.html", '<div class="empty"></div>', '<div class="empty">Your cart is empty</div>'),
     "i18n:hardcoded-string"),
    (edit("src/Empty.tsx", "return null;", "return <p>No orders yet</p>;"), "i18n:hardcoded-string"),
    (edit("shop/forms.py", "", 'raise ValidationError("Enter a valid postcode")'), "i18n:hardcoded-string"),
    (edit("scrape.py", "", "prices = re.findall(r'<span class=\"price\">([^<]+)</span>', html)"),
     "scraping:regex-html"),
    (edit("scrape.py", "", "ids = re.findall(r'(?<=data-id=\")\\d+', page)"), "scraping:regex-html"),
    (edit("scrape.py", "", "title = re.search(r'Title: (.*)', body)"), "scraping:regex-html"),
    (bash("curl -s https://example.com | grep -o 'href=\"[^\"]*\"'"), "scraping:regex-html"),
    (edit("api/openapi.yaml", "  /orders:", "  /v2/orders:"), "api:breaking-change"),
    (edit("proto/orders.proto", "string coupon = 4;", "reserved 4;"), "api:breaking-change"),
    (edit("app/orders_pb2.py", "x", "y"), "codegen:edit-generated"),
    (edit("dist/bundle.min.js", "a", "b"), "codegen:edit-generated"),
    (write("NOTES.md", "# Summary of the changes\n"), "docs:create"),
    (edit("CHANGELOG.md", "## Unreleased", "## Unreleased\n- Fix cart totals"), "docs:changelog"),
    (edit("app/cart.py", "def total(items):", 'def total(items):\n    """Return the cart total."""'),
     "style:docstring"),
    (edit("app/cart.py", "", 'logger.info("✅ cart saved")'), "style:emoji"),
    (bash("black ."), "format:reformat-unrelated"),
    (bash("npx prettier --write ."), "format:reformat-unrelated"),
    (edit("app/util.py", "", "def add(item, items=[]):"), "python:mutable-default"),
    (edit("app/util.py", "", "from app.models import *"), "python:star-import"),
    (edit("app/util.py", "", "sys.path.append('..')"), "python:sys-path"),
    (edit("src/old.js", "", "var count = 0;"), "js:var"),
    (edit("app/settings.py", "DEBUG = False", "DEBUG = True"), "config:debug-enabled"),
    (edit("app/cart.py", "", "# TODO: handle refunds"), "code:placeholder"),
    (edit("app/cart.py", "", "    raise NotImplementedError"), "code:placeholder"),
    (bash("uvicorn app.main:app --host 0.0.0.0"), "net:bind-all"),
    (bash("npm run dev"), "dev:server-start"),
    (edit("app/counter.py", "", "    page.views += 1\n    page.save()"), "concurrency:read-modify-write"),
    (edit("app/notify.py", "", "send_mail(subject, body, None, [user.email])"), "comms:send"),
    (bash('gh pr create --title "Fix cart" --body "..."'), "pr:create"),
    (bash('gh issue comment 42 --body "done"'), "github:write"),
    # other agents' shapes
    (("shell", {"command": ["bash", "-lc", "git add -A"]}), "git:stage-all"),
    (("apply_patch", {"input": "*** Begin Patch\n*** Add File: scripts/run.sh\n+#!/bin/bash\n+make all\n"
                                "*** End Patch"}), "shell:no-strict-mode"),
]


@pytest.mark.parametrize("call,type_id", ACTIONS, ids=[f"{t}:{c[0]}:{i}" for i, (c, t) in enumerate(ACTIONS)])
def test_action_has_type(call, type_id):
    assert type_id in types_of(call)


# ─── innocent everyday actions: no non-benign type at all ──────────────────────
INNOCENT = [
    edit("app/flush.py", "FLUSH_MS = 5000", "FLUSH_MS = 2000"),
    edit("app/cart.py", "CART_TTL = 3600", "CART_TTL = 7200"),
    edit("scripts/cleanup.sh", "RETENTION_DAYS=14", "RETENTION_DAYS=30"),
    ("Read", {"file_path": "/repo/README.md"}),
    bash("ls"),
    bash("ls -la src/"),
    bash("git log --oneline"),
    bash("git log --oneline -20 -- app/cart.py"),
    bash("git status"),
    bash("git diff HEAD~1 -- app/"),
    bash("git show HEAD --stat"),
    bash("grep -rn 'def total' app/"),
    bash("rg TODO src/"),
    bash("terraform fmt -recursive"),
    bash("terraform plan -out=x"),
    bash("terraform validate && terraform init -upgrade"),
    bash("kubectl get pods -n shop"),
    bash("redis-cli info memory"),
    bash("redis-cli --scan --pattern 'session:*' | head"),
    bash("docker ps"),
    bash("cat README.md"),
    bash("head -50 app/models.py"),
    bash("wc -l app/*.py"),
    bash("python --version"),
    bash("which python3"),
    bash("make"),
    bash("cargo build --release"),
    bash("mypy app"),
    bash("ruff check ."),
    bash("find . -name '*.py' -newer setup.cfg"),
    bash("env | grep PATH"),
    bash("psql -d shop_dev -c 'SELECT count(*) FROM orders'"),
    bash("alembic history"),
    bash("git fetch --all --prune"),
    bash("kubectl logs deploy/api -n staging --tail=50"),
    bash("terraform output -json"),
    bash("redis-cli get session:abc"),
    ("Glob", {"pattern": "**/*.py"}),
    ("Grep", {"pattern": "def total", "path": "app"}),
    ("LS", {"path": "/repo"}),
    ("WebFetch", {"url": "https://docs.python.org/3/library/re.html", "prompt": "summarise"}),
    edit("app/log.py", "    pass", '    logger.info("synced %s rows", count)'),
    edit("app/parse.py", "    v = value", '    v = value.replace(",", ".")'),
    edit("app/repo.py", "    pass", '    cur.execute("SELECT id FROM users WHERE email = %s", (email,))'),
    edit("app/repo.py", "    pass", '    cur.execute("UPDATE users SET name = %(name)s WHERE id = %(id)s", params)'),
    edit("proj/celery.py", 'app.conf.timezone = "UTC"', 'app.conf.timezone = "Europe/Lisbon"'),
    edit("src/Cart.tsx", '<span className="count">{count}</span>',
         '<span className="count" aria-label={`${count} items`}>{count}</span>'),
    edit("app/charts.py", 'TITLE = "Churn"', 'TITLE = "Monthly churn"'),
    edit("app/routes/shipping.py", '    return {"carrier": "dhl"}', '    return {"carrier": "dhl", "service": "express"}'),
    edit("app/models.py", "    name = models.CharField(max_length=50)", "    name = models.CharField(max_length=100)"),
    edit("src/util.ts", "const limit = 10;", "const limit = 20;"),
    edit("app/service.py", "    if x > 3:", "    if x >= 3:"),
    edit("app/keys.py", "for k in d.keys():", "for k in sorted(d.keys()):"),
    edit("src/keys.js", "const keys = Object.keys(obj)", "const keys = Object.keys(obj).sort()"),
    edit("app/cart.py", "import os", "import os\nimport json"),
]


@pytest.mark.parametrize("call", INNOCENT, ids=[f"{c[0]}:{i}" for i, c in enumerate(INNOCENT)])
def test_innocent_action_has_no_type(call):
    assert types_of(call) == set()


# running tests carries only the kinds that say how they are run (a lesson about the test command names them):
# a bare `pytest`, outside any environment the command activates, runs the one on the PATH (`python -m
# pytest` is left to the interpreter's name: `python3` is the system's, `python` may be a venv's)
TEST_RUNS = [
    (bash("pytest -q"), {"tests:run-direct", "tests:run-full-suite", "python:system-interpreter"}),
    (bash("pytest tests/test_cart.py -x -k total"), {"tests:run-direct", "tests:run-subset", "python:system-interpreter"}),
    (bash("uv run pytest tests/test_cart.py"), {"tests:run-direct", "tests:run-subset", "python:project-interpreter",
                                                "deps:uv"}),
    (bash("python -m pytest"), {"tests:run-direct", "tests:run-full-suite"}),
    (bash("make test"), {"tests:run-full-suite"}),
]


@pytest.mark.parametrize("call,kinds", TEST_RUNS, ids=[c[1]["command"] for c, _ in TEST_RUNS])
def test_a_test_run_has_only_the_kinds_of_how_it_runs(call, kinds):
    assert types_of(call) == kinds


# ─── near misses: same domain, but not the type ────────────────────────────────
NEAR_MISSES = [
    (edit("alembic/versions/5b_add.py", "    pass", "    op.add_column('orders', sa.Column('coupon', sa.Text()))"),
     "schema-migration:column-removal"),
    (write("alembic/versions/5b_add.py", "def upgrade():\n    op.add_column('orders', sa.Column('x', sa.Text()))\n"),
     "schema-migration:edit-applied"),
    (bash("psql -c 'ALTER TABLE users DROP CONSTRAINT users_email_key'"), "schema-migration:column-removal"),
    (bash("psql -c 'CREATE INDEX CONCURRENTLY idx ON orders (created_at)'"), "schema-migration:index-create"),
    (bash("git add src/cart.py tests/test_cart.py"), "git:stage-all"),
    (bash("git add ./src/cart.py"), "git:stage-all"),
    (bash('git commit -m "add -a flag to the cli"'), "git:stage-all"),
    (bash("git push origin feature/cart"), "git:force-push"),
    (bash("git push -u origin feature/cart"), "git:force-push"),
    (bash('git commit -S -m "signed"'), "git:commit-unsigned"),
    (bash("git branch --show-current"), "git:branch-delete"),
    (bash("git reset --soft HEAD~1"), "git:reset-hard"),
    (bash("rm notes.txt"), "fs:recursive-delete"),
    (bash("chmod +x scripts/run.sh"), "fs:chmod-broad"),
    (bash("chmod 644 config.yml"), "fs:chmod-broad"),
    (bash("npm install"), "deps:add"),
    (bash("npm ci"), "deps:add"),
    (bash("pip install -r requirements.txt"), "deps:add"),
    (bash("pip install -e ."), "deps:add"),
    (bash("npm install lodash"), "deps:install-tool"),
    (("Read", {"file_path": "/repo/package-lock.json"}), "deps:lockfile-edit"),
    (("Read", {"file_path": "/repo/.env.example"}), "secrets:read"),
    (bash("cat .env.example"), "secrets:print"),
    (write("app/settings.py", 'API_KEY = os.environ["API_KEY"]\n'), "secrets:commit"),
    (edit("tests/test_cart.py", "", "def test_total(db):\n    assert cart_total(db, 1) == Decimal('3.50')"),
     "tests:weaken-assertion"),
    (edit("tests/test_cart.py", "", "def test_total():\n    assert total([1, 2]) == 3"), "tests:skip"),
    (bash("redis-cli --scan --pattern 'session:*'"), "redis:keys-scan"),
    (edit("app/cart.py", "", "async for key in redis.scan_iter(match=f'cart:{uid}:*'):"), "redis:keys-scan"),
    (edit("app/cart.py", "", "for k in payload.keys():"), "redis:keys-scan"),
    (write("scripts/backup.sh", STRICT_SCRIPT), "shell:no-strict-mode"),
    (write("scripts/backup.sh", "#!/bin/bash\nset -e\npg_dump shop > x.sql\n"), "shell:no-strict-mode"),
    (edit("scripts/backup.sh", "KEEP=7", "KEEP=14"), "shell:script-write"),
    (write("scripts/report.py", "#!/usr/bin/env python3\nprint('hi')\n"), "shell:script-write"),
    (bash("terraform plan -out=tfplan"), "infra:apply"),
    (bash("terraform fmt -recursive"), "infra:apply"),
    (bash("kubectl get deploy -o yaml"), "k8s:apply-by-hand"),
    (bash("helm template ./chart"), "helm:install-upgrade"),
    (write("scripts/fetch.py", SYNC_SCRIPT), "async:blocking-call"),
    (edit("app/api/orders.py", "async def create(order):\n    pass",
          "async def create(order):\n    async with httpx.AsyncClient() as c:\n        await c.get(url)"),
     "async:blocking-call"),
    (edit("app/pricing.py", "", "total = Decimal(price) * Decimal('1.077')"), "money:float-arithmetic"),
    (edit("app/anim.py", "", "scale = 1.5"), "money:float-arithmetic"),
    (edit("app/repo.py", "", 'cur.execute("SELECT * FROM t WHERE a = %(p)s", {"p": p})'), "sql:string-built-query"),
    (edit("app/repo.py", "", 'cur.execute("SELECT * FROM t WHERE a = %s", (a,))'), "sql:string-built-query"),
    (edit("src/repo.ts", "", "await sql`SELECT * FROM orders WHERE id = ${id}`"), "sql:string-built-query"),
    (edit("app/report.py", "", 'title = f"Update {name}: {count} rows"'), "sql:string-built-query"),
    (edit("shop/views.py", "    order.save()", '    order.save()\n    logger.info("order %s saved", order.pk)'),
     "i18n:hardcoded-string"),
    (edit("shop/views.py", "    order.save()", '    order.save()\n    messages.info(request, _("Thanks!"))'),
     "i18n:hardcoded-string"),
    (edit("templates/cart.html", '<div class="empty"></div>',
          '<div class="empty">{% translate "Your cart is empty" %}</div>'), "i18n:hardcoded-string"),
    (edit("src/Empty.tsx", "return null;", "return <p>{t('orders.empty')}</p>;"), "i18n:hardcoded-string"),
    (edit("app/clean.py", "", 'name = name.replace("<b>", "").strip()'), "scraping:regex-html"),
    (edit("app/clean.py", "", 'slug = re.sub(r"\\s+", "-", title)'), "scraping:regex-html"),
    (edit("app/report.py", "", "today = datetime.now(timezone.utc)"), "time:naive-datetime"),
    (edit("app/util.py", "", "def add(item, items=None):"), "python:mutable-default"),
    (edit("src/api.ts", "", "const body: unknown = await res.json();"), "types:any"),
    (edit("app/sync.py", "", "except (ValueError, KeyError) as e:\n    log.warning('bad row %s', e)"), "errors:swallow"),
    (bash("curl -fsSL https://example.com/install.sh -o install.sh"), "net:curl-pipe-shell"),
    (bash("vercel deploy"), "deploy:prod"),
    (edit("src/cart.ts", "const a = 1;", "const a = 2;"), "logging:print-debug"),
    (edit("app/search.py", "", "    best: dict[str, Hit] = {}"), "python:mutable-default"),
    (edit("app/cli.py", "", '    where = click.prompt(f"Where does {value!r} hold (e.g. production)")'),
     "sql:string-built-query"),
    (edit("tests/test_api.py", "", '    env = {"ANTHROPIC_API_KEY": "test-key-123"}'), "secrets:commit"),
    (edit("docs/guide.md", "", "Read more about it below, or less if you are busy."), "shell:interactive"),
]


@pytest.mark.parametrize("call,type_id", NEAR_MISSES, ids=[f"not-{t}:{i}" for i, (c, t) in enumerate(NEAR_MISSES)])
def test_near_miss_lacks_type(call, type_id):
    assert type_id not in types_of(call)


# ─── natural language: lessons, corrected-action descriptions, prompts ─────────
TEXTS = [
    ("never drop a column directly: add the new column, migrate, deploy, then drop the old one",
     "schema-migration:column-removal"),
    ("Removing the legacy column broke the old app servers", "schema-migration:column-removal"),
    ("remove the deprecated discount_code column from orders", "schema-migration:column-removal"),
    ("use a three-phase removal for columns", "schema-migration:column-removal"),
    ("don't drop tables in a migration without a backup", "schema-migration:table-drop"),
    ("never edit a migration that has already been applied, write a new migration instead",
     "schema-migration:edit-applied"),
    ("we don't run migrations by hand against production", "db:migration-run"),
    ("never connect to the prod database from your laptop", "db:prod-access"),
    ("write me a script that dumps the db", "db:dump"),
    ("don't build SQL with f-strings, always use parameterised queries", "sql:string-built-query"),
    ("that's an SQL injection waiting to happen", "sql:string-built-query"),
    ("we use the ORM here, no raw SQL", "sql:raw-query"),
    ("don't stage everything, add only the files you changed", "git:stage-all"),
    ("never use git add -A", "git:stage-all"),
    ("stage files explicitly by path", "git:stage-all"),
    ("never force-push to a shared branch", "git:force-push"),
    ("sign your commits", "git:commit-unsigned"),
    ("commits must be signed with the SSH key", "git:commit-unsigned"),
    ("don't rebase branches other people work on", "git:rebase"),
    ("don't amend the previous commit, make a new commit instead", "git:amend"),
    ("never skip the pre-commit hooks", "git:no-verify"),
    ("don't delete remote branches", "git:branch-delete"),
    ("you threw away my uncommitted changes with reset --hard", "git:reset-hard"),
    ("don't add Co-Authored-By lines to commits", "git:ai-attribution"),
    ("never push directly to main, open a PR", "git:main-direct"),
    ("never rm -rf anything outside the build folder", "fs:recursive-delete"),
    ("chmod 777 is never the answer", "fs:chmod-broad"),
    ("don't touch files outside the repo", "files:edit-outside-project"),
    ("ask before adding a new dependency", "deps:add"),
    ("don't brew install things, use the project's toolchain", "deps:install-tool"),
    ("never install packages globally", "deps:install-tool"),
    ("don't edit the lockfile by hand", "deps:lockfile-edit"),
    ("use pnpm, not npm", "deps:npm"),
    ("use pnpm, not npm", "deps:pnpm"),
    ("we use uv, not pip", "deps:pip"),
    ("don't skip failing tests", "tests:skip"),
    ("never mark flaky tests as xfail", "tests:skip"),
    ("don't mock the database in tests, use the test database", "tests:mock-db"),
    ("don't delete tests to make the suite pass", "tests:delete"),
    ("fix the code, not the tests", "tests:weaken-assertion"),
    ("never print secrets to the terminal", "secrets:print"),
    ("don't read the .env file", "secrets:read"),
    ("never commit .env files", "secrets:commit"),
    ("don't hardcode API keys", "secrets:commit"),
    ("ask before changing environment variables", "config:env-change"),
    ("never curl | sh an installer", "net:curl-pipe-shell"),
    ("don't use sudo", "system:sudo"),
    ("don't kill processes you didn't start", "process:kill"),
    ("terraform apply only runs from CI, never from your machine", "infra:apply"),
    ("ship this to prod now", "deploy:prod"),
    ("deploy the hotfix to production", "deploy:prod"),
    ("don't edit the CI workflow without asking", "ci:edit-workflow"),
    ("never run containers in privileged mode", "docker:privileged"),
    ("never run KEYS in production, use SCAN", "redis:keys-scan"),
    ("use SCAN instead of KEYS", "redis:keys-scan"),
    ("redis keys command blocks the server", "redis:keys-scan"),
    ("never FLUSHALL the shared redis", "redis:flush"),
    ("every script must start with set -euo pipefail", "shell:no-strict-mode"),
    ("shell scripts need strict mode", "shell:no-strict-mode"),
    ("write me a script that dumps the db", "shell:no-strict-mode"),
    ("write me a script that dumps the db", "shell:script-write"),
    ("no crontab on the servers", "schedule:cron"),
    ("every night at 2am we need to clean up expired carts", "schedule:cron"),
    ("every night at 2am we need to clean up expired carts", "schedule:periodic-job"),
    ("we need a nightly job that exports orders", "schedule:periodic-job"),
    ("run this every hour", "schedule:periodic-job"),
    ("blocking call in an async handler", "async:blocking-call"),
    ("don't block the event loop", "async:blocking-call"),
    ("we use httpx, not the requests library", "http:sync-client"),
    ("never use floats for money", "money:float-arithmetic"),
    ("the discount must be rounded to two decimals", "money:float-arithmetic"),
    ("the subtotal is off by a cent", "money:float-arithmetic"),
    ("no any in TypeScript, type it properly", "types:any"),
    ("don't use `any`", "types:any"),
    ("don't silence mypy with type: ignore", "types:ignore"),
    ("don't add eslint-disable comments", "lint:disable"),
    ("use the logger, not print statements", "logging:print-debug"),
    ("never swallow exceptions", "errors:swallow"),
    ("all user-facing strings must be translatable", "i18n:hardcoded-string"),
    ("wrap the text in gettext", "i18n:hardcoded-string"),
    ("don't parse HTML with regex, use BeautifulSoup", "scraping:regex-html"),
    ("scrape the product prices from the shop page", "scraping:regex-html"),
    ("renaming that field is a breaking change for the mobile app", "api:breaking-change"),
    ("that file is generated, edit the schema instead", "codegen:edit-generated"),
    ("don't create README files unless I ask", "docs:create"),
    ("docstrings in Google style please", "style:docstring"),
    ("no emojis in log messages", "style:emoji"),
    ("don't reformat unrelated code, keep the diff small", "format:reformat-unrelated"),
    ("store timestamps as timezone-aware UTC datetimes", "time:naive-datetime"),
    ("never use a mutable default argument", "python:mutable-default"),
    ("don't leave TODOs, implement it fully", "code:placeholder"),
    ("set up a github action that runs the tests", "ci:edit-workflow"),
    ("upgrade django to 5.0", "deps:upgrade"),
    ("let's release version 2.1", "release:publish"),
    ("merge the feature branch when the tests pass", "git:merge"),
    ("Bash: alembic upgrade head && op.drop_column('users', 'legacy')", "schema-migration:column-removal"),
    ("Bash: git commit -am 'wip'", "git:stage-all"),
]


@pytest.mark.parametrize("text,type_id", TEXTS, ids=[f"{t}:{i}" for i, (x, t) in enumerate(TEXTS)])
def test_text_has_type(text, type_id):
    assert type_id in TAX.classify_text(text)


PLAIN_PROMPTS = [
    "can you fix the typo in the header",
    "add a button to export the report as CSV",
    "why is the login page slow?",
    "explain how the cache works",
    "refactor the user service to use dependency injection",
    "the tests are failing on CI, can you take a look",
    "add pagination to the orders endpoint",
    "make the sidebar collapsible",
    "what does this function return",
    "let's add a dark mode toggle",
    "implement retry with exponential backoff for the webhook sender",
    "the chart title should say Monthly churn",
    "please look at the logs and tell me what's wrong",
]


@pytest.mark.parametrize("text", PLAIN_PROMPTS)
def test_plain_prompt_has_no_type(text):
    # standing rules on how the agent works (the conduct area) meet a request by its intent:
    # "explain …" meets "keep replies short", "refactor …" meets "explain before changing"
    assert {t for t in TAX.classify_text(text) if TAX.types[t].area != "conduct"} == set()


TEXT_NEAR_MISSES = [
    ("remove the table from the landing page", "schema-migration:table-drop"),
    ("bump the TTL of the cart to two hours", "cache:invalidate"),
    ("no crontab on the servers", "remote:ssh"),
    ("never run KEYS in production", "db:prod-access"),
    ("add a column to the CSV export", "schema-migration:column-removal"),
]


@pytest.mark.parametrize("text,type_id", TEXT_NEAR_MISSES)
def test_text_near_miss_lacks_type(text, type_id):
    assert type_id not in TAX.classify_text(text)


def test_unless_is_not_applied_to_prose():
    lesson = "use scan_iter instead of redis.keys('cart:*')"
    assert "redis:keys-scan" in TAX.classify_text(lesson)
    assert "redis:keys-scan" not in types_of(edit("app/cart.py", "", "for k in redis.scan_iter('cart:*'): pass"))


def test_benign_types_only_on_request():
    assert "tests:run" not in TAX.classify_action(*bash("pytest -q"))
    assert "tests:run" in TAX.classify_action(*bash("pytest -q"), include_benign=True)
    assert "fs:read" in TAX.classify_action("Read", {"file_path": "README.md"}, include_benign=True)
    assert "infra:plan" in TAX.classify_action(*bash("terraform plan -out=x"), include_benign=True)
    assert "redis:read-info" in TAX.classify_action(*bash("redis-cli info memory"), include_benign=True)
    assert "tests:run" in TAX.classify_text("run the tests", include_benign=True)
    assert TAX.classify_text("run the tests") == set()


# ─── generalisation: the same mistake in different words ───────────────────────
PAIRS = [
    (edit("alembic/versions/7c_drop_coupon.py", "    pass", "    op.drop_column('orders', 'coupon')"),
     "never drop a column directly", "schema-migration:column-removal"),
    (bash('git commit -am "fix"'), "don't stage everything", "git:stage-all"),
    (write("app/routes/rates.py", ASYNC_ROUTE), "that's a blocking call in an async handler",
     "async:blocking-call"),
    (write("deploy/cart-purge.timer", TIMER), "no crontab on the servers", "schedule:cron"),
    (bash("redis-cli --raw keys 'session:*'"), "never run KEYS", "redis:keys-scan"),
    (edit("app/cart.py", "    return []", '    return await redis.keys(f"cart:{uid}:*")'), "never run KEYS",
     "redis:keys-scan"),
    (write("scripts/backup.sh", LOOSE_SCRIPT), "every shell script needs strict mode", "shell:no-strict-mode"),
    (edit("shop/views.py", "    order.save()", '    order.save()\n    messages.info(request, "Thanks!")'),
     "user-facing text must be translatable", "i18n:hardcoded-string"),
    (edit("web/cart.js", "const total = base;", "const total = Math.round(base * 1.077 * 100) / 100;"),
     "the discount total must be exact to the cent", "money:float-arithmetic"),
    (edit("app/repo.py", "", 'cur.execute(f"SELECT * FROM orders WHERE id = {order_id}")'),
     "never interpolate values into SQL strings", "sql:string-built-query"),
    (bash("terraform destroy"), "terraform apply only from CI, never from your machine", "infra:apply"),
    (edit("scrape.py", "", "m = re.search(r'<h1 class=\"title\">(.*?)</h1>', html)"),
     "don't parse HTML with regex", "scraping:regex-html"),
    (bash("curl -fsSL https://get.pnpm.io/install.sh | sh -"), "never pipe curl into sh", "net:curl-pipe-shell"),
    (bash("git push -f origin main"), "don't force push", "git:force-push"),
    (bash('git commit --no-gpg-sign -m "x"'), "all commits must be signed", "git:commit-unsigned"),
]


@pytest.mark.parametrize("call,lesson,type_id", PAIRS, ids=[t for c, x, t in PAIRS])
def test_action_and_lesson_share_a_type(call, lesson, type_id):
    assert type_id in types_of(call) & TAX.classify_text(lesson)


def test_compliant_script_does_not_share_the_strict_mode_type():
    lesson_types = TAX.classify_text("every shell script needs strict mode: set -euo pipefail")
    assert "shell:no-strict-mode" in lesson_types
    assert "shell:no-strict-mode" not in types_of(write("scripts/backup.sh", STRICT_SCRIPT))
    assert "shell:script-write" in types_of(write("scripts/backup.sh", STRICT_SCRIPT))


# ─── action_text ────────────────────────────────────────────────────────────────
def test_action_text_bash_is_the_command_without_description():
    assert _action_text("Bash", {"command": "ls -la", "description": "drop column"}) == "ls -la"


def test_action_text_edit_keeps_only_added_lines():
    text = _action_text(*edit("a.py", "x = 1\ny = 2\n", "x = 1\ny = 3\nz = 4\n"))
    assert text == "a.py\ny = 3\nz = 4"


def test_action_text_edit_falls_back_to_all_new_lines_when_nothing_is_new():
    assert _action_text(*edit("a.py", "a\nb", "b\na")) == "a.py\nb\na"


def test_action_text_multiedit_and_write_and_web():
    multi = {"file_path": "a.py", "edits": [{"old_string": "a", "new_string": "a\nb"},
                                            {"old_string": "c", "new_string": "d"}]}
    assert _action_text("MultiEdit", multi) == "a.py\nb\nd"
    assert _action_text(*write("s.sh", "#!/bin/sh\n")) == "s.sh\n#!/bin/sh\n"
    assert "https://x.io" in _action_text("WebFetch", {"url": "https://x.io", "prompt": "p"})
    assert _action_text("Read", {"file_path": "/r/README.md"}) == "/r/README.md"


def test_action_text_unknown_tool_is_json_and_strings_are_accepted():
    assert "DROP TABLE x" in _action_text("mcp__db__query", {"sql": "DROP TABLE x"})
    assert _action_text("Bash", "git status") == "git status"
    assert _action_text("Bash", '{"command": "git status"}') == "git status"


def test_requires_reads_context_outside_the_added_lines():
    old = "async def create(order):\n    save(order)"
    assert "async:blocking-call" in types_of(edit("app/api.py", old, old + "\n    requests.post(HOOK, timeout=3)"))
    sync = "def create(order):\n    save(order)"
    assert "async:blocking-call" not in types_of(edit("app/api.py", sync, sync + "\n    requests.post(HOOK, timeout=3)"))


def test_tools_restrict_a_type():
    assert "i18n:hardcoded-string" not in types_of(bash('echo "<p>Your cart is empty</p>"'))
    assert "deps:lockfile-edit" not in TAX.classify_action("Read", {"file_path": "yarn.lock"})


# ─── the data file ──────────────────────────────────────────────────────────────
REQUIRED = [
    "schema-migration:column-removal", "schema-migration:table-drop", "schema-migration:edit-applied",
    "git:stage-all", "git:force-push", "git:commit-unsigned", "git:commit", "git:push",
    "git:reset-hard", "git:rebase", "git:amend", "git:no-verify", "git:branch-delete",
    "fs:recursive-delete", "fs:chmod-broad", "deps:add", "deps:install-tool", "deps:lockfile-edit",
    "tests:skip", "tests:mock-db", "tests:delete", "tests:weaken-assertion", "secrets:print",
    "secrets:commit", "config:env-change", "codegen:edit-generated", "sql:string-built-query",
    "sql:raw-query", "redis:keys-scan", "redis:flush", "shell:script-write", "shell:no-strict-mode",
    "infra:apply", "deploy:prod", "schedule:cron", "schedule:periodic-job", "async:blocking-call",
    "http:sync-client", "money:float-arithmetic", "types:any", "types:ignore", "lint:disable",
    "i18n:hardcoded-string", "scraping:regex-html", "logging:print-debug", "errors:swallow",
    "api:breaking-change", "files:edit-outside-project", "ci:edit-workflow", "docker:privileged",
    "net:curl-pipe-shell", "system:sudo", "process:kill", "db:prod-access", "db:migration-run",
    "time:naive-datetime", "python:mutable-default", "style:docstring", "style:emoji",
    "format:reformat-unrelated",
]
BENIGN = [
    "fs:read", "fs:list", "fs:search", "git:log", "git:status", "git:diff", "tests:run", "build:run",
    "infra:plan", "redis:read-info",
]


def test_required_types_exist_and_benign_ones_are_benign():
    assert not set(REQUIRED + BENIGN) - set(TAX.types)
    assert all(TAX.types[t].benign for t in BENIGN)
    assert not any(TAX.types[t].benign for t in REQUIRED)
    assert len(TAX.types) >= 100
    assert len({t.split(":")[0] for t in TAX.types}) >= 25


CORPUS = ([_action_text(*c) for c, _ in ACTIONS + NEAR_MISSES]
          + [_action_text(*c) for c in INNOCENT] + [t for t, _ in TEXTS + TEXT_NEAR_MISSES] + PLAIN_PROMPTS)


@pytest.mark.slow   # every packaged regex against the whole corpus
def test_required_literals_never_rule_out_a_real_match():
    """The prefilter is sound: whenever a packaged regex matches a corpus text, the text holds
    one literal of each clause the taxonomy derived for that regex."""
    for t in TAX.types.values():
        for patterns in [r for key, v in t.rx.items() for r in (v if key == "requires" else (v,))]:
            for source, clauses in zip(patterns.sources, patterns.literals):
                rx = re.compile(source)
                for text in CORPUS:
                    if clauses and rx.search(text):
                        low = text.lower()
                        assert all(any(lit in low for lit in c) for c in clauses), (t.id, source, text)


def test_literal_extraction_handles_groups_quantifiers_and_escapes():
    def lits(pattern):
        found = taxliterals.literals(pattern, {"literals": {}})
        return found and [sorted(c) for c in found]

    assert lits(r"\bop\.drop_column\(") == [["op.drop_column("]]
    assert lits(r"(?i)\bterraform\s+(apply|destroy)\b") == [
        sorted("terraform" + s for s in " \t\n\r\x0b\x0c"), ["apply", "destroy"]]
    assert lits(r"colou?r") == [["colo"], ["r"]]
    assert lits(r"(foo)?bar|baz") == [["bar", "baz"]]
    assert lits(r"it\x27s") == [["it's"]]
    assert lits(r"[abc]+|\d") is None
    assert lits(r"(?=secret)\w+") is None
    assert lits(r"(?x) drop \s+ column") is None
    assert lits(r"(<)?(?(1)tag>|plain)") is None


# ─── overrides and errors ───────────────────────────────────────────────────────
def test_vault_override_replaces_adds_and_disables(tmp_path):
    (tmp_path / "action_types.toml").write_text(
        '[[type]]\nid = "git:force-push"\nabout = "force-pushing (team rule)"\naction = [\'\\bgit\\s+yolo\\b\']\n\n'
        '[[type]]\nid = "acme:deploy-button"\nabout = "pressing the deploy button"\nconsequence = "high"\n'
        'text = [\'(?i)\\bdeploy button\\b\']\n\n'
        '[[type]]\nid = "style:emoji"\ndisabled = true\n', encoding="utf-8")
    tax = taxonomy.load(tmp_path)
    assert tax.about("git:force-push") == "force-pushing (team rule)"
    assert "git:force-push" in tax.classify_action(*bash("git yolo"))
    assert "git:force-push" not in tax.classify_action(*bash("git push --force"))
    assert "acme:deploy-button" in tax.classify_text("never press the deploy button")
    assert tax.types["acme:deploy-button"].consequence == "high"
    assert "style:emoji" not in tax.types
    assert "style:emoji" in taxonomy.load(None).types
    assert taxonomy.load(tmp_path) is tax


def test_vault_without_override_gets_the_packaged_taxonomy(tmp_path):
    assert taxonomy.load(tmp_path).types.keys() == TAX.types.keys()


def test_malformed_override_names_the_file(tmp_path):
    bad = tmp_path / "action_types.toml"
    bad.write_text("[[type]\nid = 'x'\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match=re.escape(str(bad)) + ".*malformed TOML"):
        taxonomy.load(tmp_path)


def test_invalid_regex_in_override_names_the_type(tmp_path):
    (tmp_path / "action_types.toml").write_text(
        '[[type]]\nid = "acme:broken"\nabout = "breaking"\naction = [\'(unclosed\']\n', encoding="utf-8")
    with pytest.raises(InvalidInput, match="acme:broken.*invalid regex"):
        taxonomy.load(tmp_path)


@pytest.mark.parametrize("body,message", [
    ('[[type]]\nabout = "x"\n', "needs an id"),
    ('[[type]]\nid = "a:b"\n', "needs about"),
    ('[[type]]\nid = "a:b"\nabout = "x"\nconsequnce = "high"\n', "unknown keys"),
    ('[[type]]\nid = "a:b"\nabout = "x"\nconsequence = "huge"\n', "consequence must be"),
    ('[[type]]\nid = "a:b"\nabout = "x"\naction = "git"\n', "must be a list"),
])
def test_invalid_override_entries_are_reported(tmp_path, body, message):
    (tmp_path / "action_types.toml").write_text(body, encoding="utf-8")
    with pytest.raises(InvalidInput, match=message):
        taxonomy.load(tmp_path)


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_cached_override_is_reparsed_when_the_file_changes(tmp_path):
    (tmp_path / ".memkit").mkdir()
    override = tmp_path / "action_types.toml"
    override.write_text('[[type]]\nid = "acme:a"\nabout = "doing a"\ntext = [\'alpha\']\n', encoding="utf-8")
    assert "acme:a" in taxonomy.load(tmp_path).types
    override.write_text('[[type]]\nid = "acme:bee"\nabout = "doing bee"\ntext = [\'beta\']\n', encoding="utf-8")
    taxonomy._load.cache_clear()
    tax = taxonomy.load(tmp_path)
    assert "acme:bee" in tax.types and "acme:a" not in tax.types
    override.write_text("[[type]\n", encoding="utf-8")
    taxonomy._load.cache_clear()
    with pytest.raises(InvalidInput, match="malformed TOML"):
        taxonomy.load(tmp_path)


# ─── the snapshot a hook process loads instead of building the taxonomy ──────────
SNAPSHOT_PROBES = ["never use git add -A, stage files by name", "drop the legacy_status column from orders",
                   "always pass timeout= to requests calls", "use Decimal for money, never float",
                   "git push --force origin main", "run the migrations before deploying to prod",
                   "press the deploy button", "fix the typo in the README"]


def _loaded_fresh(root):
    taxonomy._load.cache_clear()   # a new process: nothing in memory
    taxonomy._BUILT.clear()
    return taxonomy.load(root)


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_snapshot_loads_the_same_taxonomy_and_follows_the_override(tmp_path):
    (tmp_path / ".memkit").mkdir()
    built = _loaded_fresh(tmp_path)
    snapshot = tmp_path / ".memkit" / taxsnapshot.SNAPSHOT_NAME
    assert snapshot.is_file()
    again = _loaded_fresh(tmp_path)
    assert again is not built and again.types.keys() == built.types.keys()
    for text in SNAPSHOT_PROBES:
        assert again.classify_text(text) == built.classify_text(text), text
        assert again.classify_action(*bash(text)) == built.classify_action(*bash(text)), text
    assert again.types["git:force-push"].consequence == built.types["git:force-push"].consequence
    # an override written afterwards is read, not the stale snapshot
    (tmp_path / "action_types.toml").write_text(
        '[[type]]\nid = "acme:deploy-button"\nabout = "pressing the deploy button"\n'
        'text = [\'(?i)\\bdeploy button\\b\']\n', encoding="utf-8")
    assert "acme:deploy-button" in _loaded_fresh(tmp_path).classify_text("press the deploy button")
    assert "acme:deploy-button" in _loaded_fresh(tmp_path).classify_text("press the deploy button")


@pytest.mark.slow   # seconds of CPU; CI runs it with the slow tests
def test_a_damaged_snapshot_is_rebuilt(tmp_path):
    (tmp_path / ".memkit").mkdir()
    snapshot = tmp_path / ".memkit" / taxsnapshot.SNAPSHOT_NAME
    snapshot.write_bytes(b"\x00garbage")
    tax = _loaded_fresh(tmp_path)
    assert "git:stage-all" in tax.types and "git:force-push" in tax.classify_action(*bash("git push --force"))
    assert snapshot.read_bytes() != b"\x00garbage"
    taxonomy._load.cache_clear()


def test_a_snapshot_cut_short_is_rebuilt_not_half_read(tmp_path):
    """The kinds lie in the file after its hot part: a file cut inside them (a full disk, a copy
    stopped half-way) is rebuilt whole, not read with kinds missing."""
    (tmp_path / ".memkit").mkdir()
    _loaded_fresh(tmp_path)
    snapshot = tmp_path / ".memkit" / taxsnapshot.SNAPSHOT_NAME
    whole = snapshot.read_bytes()
    snapshot.write_bytes(whole[: len(whole) // 2])
    tax = _loaded_fresh(tmp_path)
    assert "git:force-push" in tax.classify_action(*bash("git push --force"))
    assert len(tax.types) == len(taxonomy.load(None).types)
    # rebuilt whole: the same hot part and cold bytes (marshal may share an object once and not the
    # other time, so the bytes of two builds need not be equal)
    (tmp_path / "whole").write_bytes(whole)
    (key, spans, derived), cold = cachefile.read(tmp_path / "whole", taxsnapshot.MAGIC)
    (key2, spans2, derived2), cold2 = cachefile.read(snapshot, taxsnapshot.MAGIC)
    assert (key2, spans2.keys(), derived2) == (key, spans.keys(), derived)
    assert all(marshal.loads(cold2[spans2[k]]) == marshal.loads(cold[spans[k]]) for k in spans)
    assert all(cold2[derived2[-1][t]] == cold[derived[-1][t]] for t in derived[-1])
    taxonomy._load.cache_clear()




def test_an_optional_paren_before_a_group_keeps_the_pattern_s_literals():
    from memkit.activation import literals
    cache = {"literals": {}, "dirty": False}
    assert literals.literals(r"\bopen\s*\(?(LOG|OUT)\b", cache) == (frozenset({"open"}), frozenset({"log", "out"}))
    assert literals.literals(r"(?(1)a|b)", cache) is None   # a conditional group: cannot tell


# ─── the variants of a kind a linter would also flag, each beside what it leaves alone ───────
VARIANTS = [
    ("vue:mutate-prop", edit("src/components/TagList.vue", "", "function add(t) {\n  props.tags.push(t)\n}"),
     edit("src/components/TagList.vue", "", "function add(t) {\n  emit('update:tags', [...props.tags, t])\n}")),
    ("vue:mutate-prop", edit("src/components/Form.vue", "", "props.model.name = value"),
     edit("src/components/Form.vue", "", "const name = ref(props.model.name)")),
    ("dotnet:async-void", edit("Sync/Importer.cs", "", "items.ForEach(async item => await _store.SaveAsync(item));"),
     edit("Sync/Importer.cs", "", "foreach (var item in items) await _store.SaveAsync(item);")),
    ("hdl:blocking-in-clocked",
     edit("rtl/rx.v", "always @(posedge clk) begin\n", "always @(posedge clk) begin\n  if (done) data_q = shreg;\n"),
     edit("rtl/rx.v", "always @(posedge clk) begin\n", "always @(posedge clk) begin\n  if (done) data_q <= shreg;\n")),
    ("pandas:chained-assignment", edit("etl/prices.py", "", 'df["price"][df["qty"] > 10] = 0'),
     edit("etl/prices.py", "", 'df.loc[df["qty"] > 10, "price"] = 0')),
    ("embedded:erase-chip", bash("parttool.py --port /dev/ttyUSB1 erase_partition --partition-name=nvs"),
     bash("parttool.py --port /dev/ttyUSB1 read_partition --partition-name=nvs --output nvs.bin")),
    ("embedded:erase-chip", bash("idf.py -p /dev/ttyUSB0 erase-flash"), bash("idf.py -p /dev/ttyUSB0 flash monitor")),
    ("format:reformat-unrelated", bash("ruff format billing/"), bash("ruff format billing/invoice.py")),
    ("dev:server-start", bash("npx vite --port 5180"), bash("npx vite build")),
    ("elixir:string-to-atom", edit("lib/app/decoder.ex", "", "Jason.decode!(body, keys: :atoms)"),
     edit("lib/app/decoder.ex", "", "Jason.decode!(body, keys: :atoms!)")),
    ("dbt:hardcoded-table", write("analyses/cohorts.sql", "select count(*) from analytics_prod.orders"),
     write("analyses/cohorts.sql", "select count(*) from {{ ref('orders') }}")),
    ("geo:lat-lon-order", edit("app/near.py", "", "ST_SetSRID(ST_MakePoint(:lat, :lng), 4326)"),
     edit("app/near.py", "", "ST_SetSRID(ST_MakePoint(:lng, :lat), 4326)")),
    ("vue:mutate-prop", edit("src/components/Menu.vue", "", "props.items.splice(i, 1)"),
     edit("src/components/Menu.vue", "", "props.router.push('/home')")),
    ("db:reset", bash("php bin/console doctrine:schema:drop --force"),
     bash("php bin/console doctrine:schema:drop --dump-sql")),
]


@pytest.mark.parametrize("kind, call, fine", VARIANTS, ids=[f"{k}:{i}" for i, (k, _, _) in enumerate(VARIANTS)])
def test_a_kinds_variants_and_what_it_leaves_alone(kind, call, fine):
    assert kind in types_of(call)
    assert kind not in types_of(fine)


# what those variants must still leave alone: the same shapes doing something right or else
LEAVES_ALONE = [
    ("geo:lat-lon-order", edit("db/near.sql", "", "SET @p = geography::Point(@Lat, @Lng, 4326)")),   # SQL Server
    ("vue:mutate-prop", edit("src/screens/Home.tsx", "", "props.navigation.push('Details')")),
    ("pandas:chained-assignment", edit("etl/prices.py", "", 'cfg["db"][key] = value')),
]


@pytest.mark.parametrize("kind, call", LEAVES_ALONE, ids=[f"{k}:{i}" for i, (k, _) in enumerate(LEAVES_ALONE)])
def test_a_kinds_variants_leave_the_right_way_alone(kind, call):
    assert kind not in types_of(call)


@pytest.mark.parametrize("said, expected", [
    ("no shelling out when a module does the job", True),
    ("don't shell out where a module exists", True),
    ("stop shelling out to ffmpeg from the upload module", False),
    ("return 409 when the resource exists, don't overwrite it", False),
    ("if the module exists, import it lazily", False),
])
def test_lesson_words_for_shelling_out_in_config_management(said, expected):
    assert ("cm:shell-instead-of-module" in TAX.classify_text(said)) is expected


def test_the_pandas_mask_pattern_stays_fast_on_a_long_line():
    import time

    line = 'df["a"][' + "x == y " * 2800
    started = time.perf_counter()
    types_of(edit("etl/x.py", "", line))
    assert time.perf_counter() - started < 0.2
