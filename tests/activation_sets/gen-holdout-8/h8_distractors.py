"""gen-holdout-8: sessions in the same areas with no correction (compliant work, thanks, a near-miss 'no, that's fine')."""
from cc import Session
from registry import distractor

TRAM = "/Users/jonas/dev/tramlink-android"
CHARTS = "/home/sven/ops/charts-deploy"
PIC = "/home/anja/research/plasma-pic"
PLATFORM = "/home/diego/infra/pulumi-platform"


@distractor("H8D01", "play-store-release", "internal-track upload; near-miss 'no, that's fine'")
def H8D01():
    s = Session("H8D01", TRAM, branch="release/1.43.0", version="2.1.9", start="2026-03-09T15:20:00")
    s.prompt("1.43.0 is tagged, get it to QA please")
    s.bash("bundle exec fastlane internal", "Build the release bundle and upload it to the internal track", lo=90, hi=240,
           out="[15:27:40]: Updating track 'internal'...\n[15:27:44]: Successfully finished the upload to Google Play\n"
               "[15:27:44]: fastlane.tools finished successfully 🎉")
    s.say("1.43.0 (versionCode 14300) is on the internal testing track; QA's devices should offer the update within a few "
          "minutes. Want me to post the changelog in the QA channel as well?", end=True)
    s.prompt("no, that's fine, Ines does the announcement when she promotes it")
    s.say("OK.", end=True)
    return s


@distractor("H8D02", "helm-upgrades", "tag bumped in values file, diff, upgrade with -f")
def H8D02():
    s = Session("H8D02", CHARTS, branch="main", version="2.1.7", start="2026-02-12T10:05:00")
    s.prompt("worker on staging to 2.15.0 please")
    vals = "image:\n  repository: registry.internal/worker\n  tag: 2.14.3\nreplicaCount: 2\n"
    s.edit(f"{CHARTS}/values/worker-staging.yaml", "  tag: 2.14.3\n", "  tag: 2.15.0\n", vals)
    s.bash("helm diff upgrade worker charts/worker -n staging -f values/worker-staging.yaml", "Diff the upgrade",
           out="staging, worker, Deployment (apps) has changed:\n-         image: \"registry.internal/worker:2.14.3\"\n"
               "+         image: \"registry.internal/worker:2.15.0\"")
    s.bash("git commit -qam \"staging: worker 2.15.0\" && helm upgrade worker charts/worker -n staging "
           "-f values/worker-staging.yaml --wait", "Commit and upgrade", lo=30, hi=120,
           out="Release \"worker\" has been upgraded. Happy Helming!\nNAME: worker\nSTATUS: deployed\nREVISION: 32")
    s.say("worker is on 2.15.0 in staging (revision 32); the diff showed only the image tag.", end=True)
    s.prompt("thanks")
    return s


@distractor("H8D03", "julia-performance", "benchmark of a function-wrapped kernel")
def H8D03():
    s = Session("H8D03", PIC, branch="perf/deposit", version="2.1.7", start="2026-02-16T14:40:00")
    s.prompt("is the new cloud-in-cell deposit faster than the old nearest-grid-point one? numbers please")
    s.write(f"{PIC}/bench/deposit.jl",
            "using BenchmarkTools, PlasmaPIC\n\nfunction bench_deposit(np, nx)\n    parts = two_stream_init(np, 4π; v0 = 3.0)\n"
            "    ρ = zeros(nx)\n    ngp = @benchmark deposit_ngp!($ρ, $parts, 4π)\n"
            "    cic = @benchmark deposit!($ρ, $parts, 4π)\n    return median(ngp), median(cic)\nend\n\n"
            "println(bench_deposit(40_000, 512))\n")
    s.bash("julia --project=. bench/deposit.jl", "Run the benchmark", lo=30, hi=90,
           out="(TrialEstimate(212.418 μs), TrialEstimate(301.772 μs))")
    s.say("Median over the BenchmarkTools samples, 40,000 particles on 512 cells: nearest-grid-point 212 µs, cloud-in-cell "
          "302 µs, so CIC is about 40% slower per deposit, with no allocations in either.", end=True)
    s.prompt("ok, expected, CIC is worth it for the noise. thanks")
    return s


@distractor("H8D04", "pulumi-secrets", "secret set with --secret and read with requireSecret")
def H8D04():
    s = Session("H8D04", PLATFORM, branch="main", version="2.0.37", start="2025-10-23T09:30:00")
    s.prompt("the webhook relay on staging needs the GitHub app private key, it's in 1password as gh-relay-staging")
    s.bash("op read 'op://platform/gh-relay-staging/private key' | pulumi config set --secret githubAppKey --stack staging "
           "&& grep -A1 githubAppKey Pulumi.staging.yaml", "Store the key encrypted",
           out="  platform:githubAppKey:\n    secure: v1:Qz7f1…")
    relay = ("const config = new pulumi.Config();\n\nexport const relay = new k8s.apps.v1.Deployment(\"relay\", {\n"
             "    spec: { template: { spec: { containers: [{\n        name: \"relay\",\n        env: [],\n    }] } } },\n});\n")
    s.edit(f"{PLATFORM}/src/relay.ts", "        env: [],\n",
           "        env: [{ name: \"GITHUB_APP_KEY\", value: config.requireSecret(\"githubAppKey\") }],\n", relay)
    s.bash("pulumi preview --stack staging --diff 2>&1 | grep -A1 GITHUB_APP_KEY", "Preview",
           out="  + env: [{ name: \"GITHUB_APP_KEY\", value: [secret] }]")
    s.say("The key is stored encrypted in the staging stack and the relay reads it with `requireSecret`; the preview shows "
          "it as `[secret]`. Shall I run `pulumi up` on staging?", end=True)
    s.prompt("yes go ahead")
    s.bash("pulumi up --stack staging --yes --skip-preview 2>&1 | tail -2", "Deploy to staging", lo=20, hi=90,
           out="Resources:\n    ~ 1 updated\n    41 unchanged")
    s.say("Deployed; the relay Deployment was updated and nothing else changed.", end=True)
    return s
