"""gen-holdout-8: lessons about code and commands in languages and toolchains no other set uses (Haskell laziness,
Scala execution contexts, Julia globals, Fortran kinds, Ruby core classes, Perl file handles)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_write,
)

LEDGERD = "/home/yara/src/ledgerd"
CLAIMS = "/home/matteo/work/claims-service"
PIC = "/home/anja/research/plasma-pic"
OCEAN = "/home/chidi/hpc/ocean-mixing"
SLUG = "/home/leila/src/slugsmith"
MAILROOM = "/home/gunnar/work/mailroom-tools"


# -----------------------------------------------------------------------------
H8L07_CORR = ("why foldl and the lazy Map? that builds a thunk per journal entry and nothing gets added up until the very end, "
              "that's your 3.8 GB max residency. in this codebase it's foldl' always, Data.Map.Strict instead of Data.Map, "
              "modifyIORef' instead of modifyIORef, and bang patterns on accumulator record fields. hlint already warns about "
              "the foldl one")

SUMMARY_HS = ("module Ledger.Replay.Summary (summarise) where\n\nimport Ledger.Types\n\n"
              "summarise :: [Entry] -> Summary\nsummarise es = Summary { entryCount = length es }\n")
SUMMARY_LAZY = ("module Ledger.Replay.Summary (summarise) where\n\nimport qualified Data.Map as Map\nimport Ledger.Types\n\n"
                "summarise :: [Entry] -> Summary\nsummarise es = Summary\n  { entryCount = length es\n"
                "  , totals = foldl step Map.empty es\n  }\n  where\n"
                "    step m e = Map.insertWith (+) (entryAccount e) (entryAmount e) m\n")

@lesson("H8L07", "haskell-laziness", "question-pushback", ["foldl'", "Data.Map.Strict", "modifyIORef'"], [
    fire_edit(f"{LEDGERD}/src/Ledger/Http/Metrics.hs", "  pure ()\n",
              "  atomicModifyIORef reqCounter (\\n -> (n + 1, ()))\n  pure ()\n",
              note="lazy atomic counter update, piles up thunks; no shared words"),
    fire_write(f"{LEDGERD}/src/Ledger/Report/Monthly.hs",
               "module Ledger.Report.Monthly (byMonth) where\n\nimport qualified Data.Map as M\nimport Ledger.Types\n\n"
               "byMonth :: [Entry] -> M.Map YearMonth Amount\n"
               "byMonth = foldl (\\acc e -> M.insertWith (+) (monthOf e) (entryAmount e) acc) M.empty\n",
               note="new report with foldl over a lazy map"),
    silent_edit(f"{LEDGERD}/src/Ledger/Report/Monthly.hs", "import qualified Data.Map.Strict as M\n",
                "import qualified Data.Map.Strict as M\nimport Data.List (foldl')\n", note="compliant: strict fold and map"),
    silent_bash("hlint src/ && cabal test all", "Lint and run the tests", note="related, harmless"),
])
def H8L07():
    s = Session("H8L07", LEDGERD, branch="feat/replay-totals", version="2.1.9", start="2026-03-17T11:20:00")
    s.prompt("the replay summary should also give a running total per account, not just the entry count")
    path = f"{LEDGERD}/src/Ledger/Replay/Summary.hs"
    s.read(path, SUMMARY_HS)
    s.edit(path, SUMMARY_HS, SUMMARY_LAZY, SUMMARY_HS)
    s.edit(f"{LEDGERD}/src/Ledger/Types.hs", "data Summary = Summary\n  { entryCount :: Int\n  }\n",
           "data Summary = Summary\n  { entryCount :: Int\n  , totals     :: Map AccountId Amount\n  }\n",
           "data Summary = Summary\n  { entryCount :: Int\n  }\n  deriving (Show, Eq)\n")
    s.bash("cabal run -v0 ledgerd -- replay --journal data/journal-2024.jsonl --summary +RTS -s -RTS 2>&1 | tail -6",
           "Replay a year with the RTS stats", lo=30, hi=90,
           out="accounts: 18412, entries: 9731255\n   3,811,604,232 bytes maximum residency (14 sample(s))\n"
               "  MUT     time   21.402s  ( 21.517s elapsed)\n  GC      time   38.877s  ( 39.012s elapsed)\n"
               "  Total   time   60.281s  ( 60.531s elapsed)")
    s.say("`Summary` now has `totals :: Map AccountId Amount`, filled by folding over the entries. Replaying 2024 "
          "(9.7M entries, 18k accounts) works; it peaks at about 3.8 GB and spends more time in GC than in the program.",
          end=True)
    s.prompt(H8L07_CORR, correction=True)
    s.edit(path, "import qualified Data.Map as Map\n", "import Data.List (foldl')\nimport qualified Data.Map.Strict as Map\n",
           SUMMARY_LAZY)
    s.bash("sed -i \"s/foldl step/foldl' step/\" src/Ledger/Replay/Summary.hs && cabal run -v0 ledgerd -- replay --journal "
           "data/journal-2024.jsonl --summary +RTS -s -RTS 2>&1 | grep -E 'residency|Total'",
           "Strict fold, replay again", lo=20, hi=60,
           out="      38,114,880 bytes maximum residency (6 sample(s))\n  Total   time   12.904s  ( 13.020s elapsed)")
    s.say("Switched to `foldl'` and `Data.Map.Strict`: maximum residency is down from 3.8 GB to 38 MB and the replay takes "
          "13 s instead of 60.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H8L08_CORR = ("no, not the global execution context for anything that touches JDBC. global has one thread per core and anorm "
              "holds its thread for the whole query, so a handful of slow queries starve every request in the app (that was "
              "the march incident, all the 504s). repositories take our DatabaseExecutionContext (the jdbc-pool dispatcher "
              "in application.conf) as an implicit constructor parameter, like ClaimRepository does")

DOCS_REPO = ("package repositories\n\nimport anorm._\nimport javax.inject.Inject\nimport models.Document\nimport play.api.db.Database\n"
             "\nclass DocumentRepository @Inject() (db: Database) {\n\n"
             "  def findByClaim(claimId: Long): Seq[Document] = db.withConnection { implicit c =>\n"
             "    SQL\"SELECT * FROM documents WHERE claim_id = $claimId ORDER BY uploaded_at\".as(Document.parser.*)\n  }\n}\n")
DOCS_GLOBAL = (DOCS_REPO.replace("import play.api.db.Database\n",
                                 "import play.api.db.Database\n\nimport scala.concurrent.ExecutionContext.Implicits.global\n"
                                 "import scala.concurrent.Future\n")
               .replace("  def findByClaim(claimId: Long): Seq[Document] = db.withConnection { implicit c =>\n",
                        "  def findByClaim(claimId: Long): Future[Seq[Document]] = Future {\n    db.withConnection { implicit c =>\n  ")
               .replace(".as(Document.parser.*)\n  }\n}\n", ".as(Document.parser.*)\n    }\n  }\n}\n"))

@lesson("H8L08", "scala-execution-contexts", "plain-no", ["DatabaseExecutionContext", "not the global execution context",
                                                         "jdbc-pool dispatcher"], [
    fire_prompt("PayoutLookup.fetch stalls the controller; make it return a Future and run it on whatever ExecutionContext Play "
                "injects by default", note="JDBC work on Play's default pool; no shared words"),
    fire_edit(f"{CLAIMS}/app/repositories/AuditRepository.scala", "import javax.inject.Inject\n",
              "import javax.inject.Inject\n\nimport scala.concurrent.ExecutionContext.Implicits.global\n",
              note="the global pool in another repository"),
    silent_edit(f"{CLAIMS}/app/repositories/AuditRepository.scala",
                "class AuditRepository @Inject() (db: Database) {\n",
                "class AuditRepository @Inject() (db: Database)(implicit ec: DatabaseExecutionContext) {\n",
                note="compliant: the database context"),
    silent_bash("sbt 'testOnly controllers.*'", "Run the controller tests", note="related, harmless"),
])
def H8L08():
    s = Session("H8L08", CLAIMS, branch="perf/async-documents", version="2.0.37", start="2025-10-02T15:05:00")
    s.prompt("GET /claims/:id/documents blocks the request thread while it loads, make the repository call async")
    path = f"{CLAIMS}/app/repositories/DocumentRepository.scala"
    s.read(path, DOCS_REPO)
    s.edit(path, DOCS_REPO, DOCS_GLOBAL, DOCS_REPO)
    s.edit(f"{CLAIMS}/app/controllers/DocumentController.scala",
           "    Ok(Json.toJson(documents.findByClaim(id)))\n", "    documents.findByClaim(id).map(ds => Ok(Json.toJson(ds)))\n",
           "  def list(id: Long) = Action {\n    Ok(Json.toJson(documents.findByClaim(id)))\n  }\n")
    s.bash("sbt -batch 'testOnly controllers.DocumentControllerSpec'", "Run the controller spec", lo=40, hi=120,
           out="[info] DocumentControllerSpec:\n[info] - lists the documents of a claim\n[info] - returns 404 for an unknown claim\n"
               "[info] All tests passed.")
    s.say("`findByClaim` now returns `Future[Seq[Document]]` (wrapped in `Future { ... }`) and the controller action maps "
          "over it, so the request thread isn't held while the query runs. The spec passes.", end=True)
    s.prompt(H8L08_CORR, correction=True)
    s.edit(path, "import scala.concurrent.ExecutionContext.Implicits.global\n", "", DOCS_GLOBAL)
    s.edit(path, "class DocumentRepository @Inject() (db: Database) {\n",
           "class DocumentRepository @Inject() (db: Database)(implicit ec: DatabaseExecutionContext) {\n",
           DOCS_GLOBAL.replace("import scala.concurrent.ExecutionContext.Implicits.global\n", ""))
    s.bash("sbt -batch 'testOnly controllers.DocumentControllerSpec repositories.*'", "Run the specs again",
           out="[info] All tests passed.")
    s.say("`DocumentRepository` takes the `DatabaseExecutionContext` implicitly, like `ClaimRepository`, and the global "
          "import is gone. Specs pass.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L09_CORR = ("actually, in this repo nothing hot runs at the top level of a script. untyped globals like dt and E_grid make "
              "every access a dynamic lookup, which is why @time shows 2.1 GB allocated for 200 steps. put the loop in a "
              "function and pass everything in as arguments (run_two_stream(params)), and if something really has to be "
              "global, make it const. @code_warntype on the step function should show no red Any")

TWO_STREAM = ("using PlasmaPIC\n\nnx = 512\nL = 2π / 0.5\ndt = 0.1\nnsteps = 200\nparts = two_stream_init(40_000, L; v0 = 3.0)\n"
              "E_grid = zeros(nx)\nρ = zeros(nx)\n\n@time for step in 1:nsteps\n    deposit!(ρ, parts, L)\n"
              "    solve_field!(E_grid, ρ, L)\n    push!(parts, E_grid, dt, L)\nend\n")

@lesson("H8L09", "julia-performance", "actually-in-this-repo", ["put the loop in a function", "make it const",
                                                               "@code_warntype"], [
    fire_write(f"{PIC}/examples/landau.jl",
               "using PlasmaPIC\n\nncells = 256\nLx = 4π\nΔt = 0.05\nelectrons = maxwellian_init(100_000, Lx; vth = 1.0, "
               "α = 0.01)\nfield = zeros(ncells)\nrho = zeros(ncells)\n\nfor n in 1:2000\n    deposit!(rho, electrons, Lx)\n"
               "    solve_field!(field, rho, Lx)\n    push!(electrons, field, Δt, Lx)\nend\n",
               note="a new example with its loop over untyped module-level bindings; no shared words"),
    fire_bash("julia --project=. -e 'using PlasmaPIC; L = 4π; parts = two_stream_init(40_000, L; v0 = 3.0); "
              "E = zeros(512); ρ = zeros(512); @time for s in 1:5000; deposit!(ρ, parts, L); solve_field!(E, ρ, L); "
              "push!(parts, E, 0.1, L); end'", "Run 5000 steps of the two-stream case",
              note="the hot loop at global scope in a one-liner"),
    silent_write(f"{PIC}/examples/landau.jl",
                 "using PlasmaPIC\n\nfunction run_landau(p)\n    electrons = maxwellian_init(p.np, p.Lx; vth = p.vth, α = p.α)\n"
                 "    field = zeros(p.ncells); rho = zeros(p.ncells)\n    for n in 1:p.nsteps\n"
                 "        deposit!(rho, electrons, p.Lx)\n        solve_field!(field, rho, p.Lx)\n"
                 "        push!(electrons, field, p.Δt, p.Lx)\n    end\n    return electrons\nend\n",
                 note="compliant: loop inside a function"),
    silent_bash("julia --project=. -e 'using Pkg; Pkg.test()'", "Run the package tests", note="related, harmless"),
])
def H8L09():
    s = Session("H8L09", PIC, branch="main", version="2.1.7", start="2026-02-02T09:50:00")
    s.prompt("write a script for the two-stream instability run (512 cells, 40k particles, v0 = 3) and tell me how long 200 "
             "steps take")
    s.write(f"{PIC}/scripts/two_stream.jl", TWO_STREAM)
    s.bash("julia --project=. scripts/two_stream.jl", "Run it", lo=40, hi=90,
           out=" 41.207311 seconds (96.44 M allocations: 2.113 GiB, 3.01% gc time)")
    s.say("`scripts/two_stream.jl` sets up 40,000 particles on 512 cells and runs 200 steps of deposit, field solve and push. "
          "200 steps take about 41 s (0.2 s per step, 2.1 GB allocated).", end=True)
    s.prompt(H8L09_CORR, correction=True)
    s.write(f"{PIC}/scripts/two_stream.jl",
            "using PlasmaPIC\n\nfunction run_two_stream(p)\n    parts = two_stream_init(p.np, p.L; v0 = p.v0)\n"
            "    E_grid = zeros(p.nx); ρ = zeros(p.nx)\n    for step in 1:p.nsteps\n        deposit!(ρ, parts, p.L)\n"
            "        solve_field!(E_grid, ρ, p.L)\n        push!(parts, E_grid, p.dt, p.L)\n    end\n    return parts\nend\n\n"
            "params = (nx = 512, L = 2π / 0.5, dt = 0.1, nsteps = 200, np = 40_000, v0 = 3.0)\n"
            "run_two_stream(params)          # compile\n@time run_two_stream(params)\n", original=TWO_STREAM)
    s.bash("julia --project=. scripts/two_stream.jl", "Run it again",
           out="  0.912480 seconds (14 allocations: 1.260 MiB)")
    s.say("The loop is in `run_two_stream(params)` with everything passed in. After a warm-up call, 200 steps take 0.91 s "
          "with 14 allocations, about 45 times faster; `@code_warntype` on `push!` is clean.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L10_CORR = ("Review on !318, one thing blocks it: we never write real*8, double precision or d0 literals in this model. "
              "Every real is real(wp), with `use mod_kinds, only: wp`, and constants carry the kind: 1.0e-2_wp. The model "
              "is built in single and double (-DUSE_SINGLE for the GPU runs) and wp is the switch. Also, a literal like 0.01 "
              "without a kind is single precision even when you assign it to a double, so nu0 was wrong from the 8th digit.")

PP_F90 = ("module mod_vmix\n  use mod_kinds, only: wp\n  implicit none\n  private\n  public :: vmix_pp\n\ncontains\n\n"
          "  subroutine vmix_pp(ri, nu, kappa)\n    double precision, intent(in)  :: ri(:)\n"
          "    double precision, intent(out) :: nu(:), kappa(:)\n    real*8 :: nu0, alpha\n    integer :: k\n\n"
          "    nu0 = 0.01\n    alpha = 5.0d0\n    do k = 1, size(ri)\n       nu(k) = nu0 / (1.0d0 + alpha * ri(k))**2 + 1.0d-4\n"
          "       kappa(k) = nu(k) / (1.0d0 + alpha * ri(k)) + 1.0d-5\n    end do\n  end subroutine vmix_pp\n\n"
          "end module mod_vmix\n")

@lesson("H8L10", "fortran-kinds", "reviewer-remark", ["real(wp)", "mod_kinds", "without a kind"], [
    fire_edit(f"{OCEAN}/src/tracers/advect.F90", "  implicit none\n",
              "  implicit none\n  integer, parameter :: dp = selected_real_kind(15, 307)\n",
              note="a private hard-wired kind; no shared words"),
    fire_write(f"{OCEAN}/src/forcing/wind_stress.F90",
               "module mod_wind_stress\n  implicit none\ncontains\n  pure function tau(u10) result(t)\n"
               "    real*8, intent(in) :: u10\n    real*8 :: t\n    t = 1.22d0 * 1.3d-3 * u10 * abs(u10)\n  end function tau\n"
               "end module mod_wind_stress\n", note="new module with real*8 and d0"),
    silent_edit(f"{OCEAN}/src/tracers/advect.F90", "  implicit none\n",
                "  use mod_kinds, only: wp\n  implicit none\n", note="compliant: the shared kind"),
    silent_bash("cmake --build build -j 8 && ctest --test-dir build --output-on-failure", "Build and test",
                note="related, harmless"),
])
def H8L10():
    s = Session("H8L10", OCEAN, branch="feat/pp-mixing", version="2.0.76", start="2025-12-11T10:00:00")
    s.prompt("add Pacanowski-Philander vertical mixing as an option in src/mixing/, nu0 = 1e-2, alpha = 5, background "
             "1e-4 and 1e-5")
    s.write(f"{OCEAN}/src/mixing/vmix_pp.F90", PP_F90)
    s.edit(f"{OCEAN}/src/mixing/CMakeLists.txt", "  vmix_kpp.F90\n", "  vmix_kpp.F90\n  vmix_pp.F90\n",
           "target_sources(ocean PRIVATE\n  vmix_const.F90\n  vmix_kpp.F90\n)\n")
    s.bash("cmake --build build -j 8 && ctest --test-dir build -R vmix", "Build and run the mixing tests", lo=20, hi=60,
           out="1/2 Test #4: vmix_kpp_column .....   Passed    0.41 sec\n2/2 Test #7: vmix_pp_column ......   Passed    0.22 sec\n\n"
               "100% tests passed, 0 tests failed out of 2")
    s.bash("git switch -c feat/pp-mixing && git add src/mixing && git commit -qm \"mixing: Pacanowski-Philander option\" && "
           "git push -u origin feat/pp-mixing", "Commit and push", out="remote: View merge request: !318")
    s.say("Added `vmix_pp` in `src/mixing/vmix_pp.F90` with nu = nu0/(1+αRi)² + 1e-4 and κ = nu/(1+αRi) + 1e-5, registered "
          "in the CMake list. Builds, the column test passes, and it's up as !318.", end=True)
    s.prompt(H8L10_CORR, correction=True, think_secs=(600, 2400))
    s.bash("sed -i -e 's/double precision/real(wp)/; s/real\\*8/real(wp)/; s/0.01$/1.0e-2_wp/; s/5.0d0/5.0_wp/; "
           "s/1.0d0/1.0_wp/g; s/1.0d-4/1.0e-4_wp/; s/1.0d-5/1.0e-5_wp/' src/mixing/vmix_pp.F90 && "
           "cmake --build build-single -j 8 && ctest --test-dir build-single -R vmix_pp",
           "Use real(wp) and kinded literals; check the single-precision build too",
           out="1/1 Test #7: vmix_pp_column ......   Passed    0.19 sec\n\n100% tests passed, 0 tests failed out of 1")
    s.say("Every real in `vmix_pp` is `real(wp)` now and the constants are `1.0e-2_wp`, `5.0_wp`, `1.0e-4_wp`, "
          "`1.0e-5_wp`. Both the double and the `-DUSE_SINGLE` builds pass the column test; pushed to !318.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L11_CORR = ("Sorry, I stopped that one. Please don't reopen String, or anything else from Ruby core, in this library: it gets "
              "loaded into other people's Rails apps, and a global String#to_ascii_slug can clash with theirs or with "
              "ActiveSupport's, which is miserable to debug from their side. Keep it as a module function "
              "(Transliterate.call(str)), or a refinement if you really want the method syntax inside the gem.")

@lesson("H8L11", "ruby-core-extensions", "rejected-then-instruction", ["don't reopen String", "module function",
                                                                      "refinement"], [
    fire_write(f"{SLUG}/lib/slugsmith/ext/symbol.rb",
               "class Symbol\n  def to_param_slug\n    to_s.downcase.tr(\"_\", \"-\")\n  end\nend\n",
               note="adds a method to Symbol; no shared words"),
    fire_prompt("add a deep_symbolize_keys method on Hash so the YAML config loader reads nicer",
                note="asks to extend a built-in class from the gem"),
    silent_write(f"{SLUG}/lib/slugsmith/separator.rb",
                 "module Slugsmith\n  module Separator\n    module_function\n\n    def call(str, sep = \"-\")\n"
                 "      str.gsub(/[^a-z0-9]+/i, sep).gsub(/\\A#{sep}|#{sep}\\z/, \"\")\n    end\n  end\nend\n",
                 note="compliant: module function"),
    silent_bash("bundle exec rspec spec/transliterate_spec.rb", "Run the transliteration specs", note="related, harmless"),
])
def H8L11():
    s = Session("H8L11", SLUG, branch="feat/german-umlauts", version="1.0.98", start="2025-08-19T17:25:00")
    s.prompt("Slugsmith.slugify(\"Größe Müller\") gives \"gr-e-m-ller\". German umlauts and ß should transliterate (ä -> ae, "
             "ß -> ss) before the rest of the pipeline")
    s.read(f"{SLUG}/lib/slugsmith.rb",
           "require \"slugsmith/version\"\n\nmodule Slugsmith\n  def self.slugify(str)\n    str.unicode_normalize(:nfkd)\n"
           "       .gsub(/[^\\x00-\\x7F]/, \"\")\n       .downcase.gsub(/[^a-z0-9]+/, \"-\").gsub(/\\A-|-\\z/, \"\")\n  end\nend\n")
    s.reject("Write", {"file_path": f"{SLUG}/lib/slugsmith/core_ext/string.rb",
                       "content": "class String\n  GERMAN = { \"ä\" => \"ae\", \"ö\" => \"oe\", \"ü\" => \"ue\", \"ß\" => \"ss\" }.freeze\n\n"
                                  "  def to_ascii_slug\n    gsub(/[äöüß]/i) { |c| GERMAN.fetch(c.downcase) }\n  end\nend\n"})
    s.prompt(H8L11_CORR, correction=True, think_secs=(20, 70))
    s.write(f"{SLUG}/lib/slugsmith/transliterate.rb",
            "module Slugsmith\n  module Transliterate\n    GERMAN = { \"ä\" => \"ae\", \"ö\" => \"oe\", \"ü\" => \"ue\", \"ß\" => \"ss\" }"
            ".freeze\n\n    module_function\n\n    def call(str)\n      str.gsub(/[äöüÄÖÜß]/) { |c| GERMAN.fetch(c.downcase) }\n"
            "    end\n  end\nend\n")
    s.bash("bundle exec rspec", "Run the specs", out="..........\n\nFinished in 0.0121 seconds\n10 examples, 0 failures")
    s.say("`Slugsmith::Transliterate.call` does the German mapping as a module function and `slugify` calls it first; "
          "\"Größe Müller\" becomes \"groesse-mueller\". No core class is touched.", end=True)
    return s


# -----------------------------------------------------------------------------
H8L12_CORR = ("argh no, no 2-arg open with bareword handles pls. the spool file names come from the MTA and last yr we had one "
              "starting with a | that got run as a command. always 3 arg open with a lexical handle and say what failed: "
              "open(my $fh, '<', $path) or die \"open $path: $!\"; perlcritic -3 catches it (ProhibitTwoArgOpen)")

BOUNCE_PL = ("sub parse_spool {\n    my ($file) = @_;\n    open(IN, $file) || die;\n    my @hard;\n    while (<IN>) {\n"
             "        push @hard, $1 if /^Final-Recipient: rfc822; (\\S+)/;\n    }\n    close(IN);\n"
             "    open(OUT, \">$file.hard.csv\");\n    print OUT \"$_\\n\" for @hard;\n    close(OUT);\n    return scalar @hard;\n}\n")

@lesson("H8L12", "perl-file-handles", "annoyed-typos", ["3 arg open", "lexical handle", "ProhibitTwoArgOpen"], [
    fire_write(f"{MAILROOM}/bin/tally-deferred.pl",
               "#!/usr/bin/perl\nuse strict;\nuse warnings;\n\nmy $queue_dir = shift // '/srv/postfix/deferred';\nmy %per_domain;\nlocal @ARGV = glob(\"$queue_dir/*.msg\");\n"
               "while (my $line = <>) {\n    $per_domain{$1}++ if $line =~ /^To: .*@(\\S+)>?$/;\n}\n",
               note="the <> operator opens each queued name the 2-arg way; no shared words"),
    fire_edit(f"{MAILROOM}/bin/rotate-logs.pl", "my $ts = strftime('%F %T', localtime);\n",
              "my $ts = strftime('%F %T', localtime);\nopen LOG, \">>$logfile\";\nprint LOG \"$ts rotated\\n\";\nclose LOG;\n",
              note="two-argument append with a global glob"),
    silent_edit(f"{MAILROOM}/bin/rotate-logs.pl", "my $ts = strftime('%F %T', localtime);\n",
                "my $ts = strftime('%F %T', localtime);\nopen(my $log, '>>', $logfile) or die \"open $logfile: $!\";\n",
                note="compliant"),
    silent_bash("prove -l t/", "Run the test suite", note="related, harmless"),
])
def H8L12():
    s = Session("H8L12", MAILROOM, branch="main", version="2.0.37", start="2025-09-30T08:15:00")
    s.prompt("bounce-parse should also write a csv of the hard bounces next to each spool file it reads")
    path = f"{MAILROOM}/lib/Mailroom/Bounce.pm"
    orig = ("sub parse_spool {\n    my ($file) = @_;\n    open(IN, $file) || die;\n    my @hard;\n    while (<IN>) {\n"
            "        push @hard, $1 if /^Final-Recipient: rfc822; (\\S+)/;\n    }\n    close(IN);\n    return scalar @hard;\n}\n")
    s.read(path, orig, offset=40, limit=11, total=96)
    s.edit(path, "    close(IN);\n    return scalar @hard;\n",
           "    close(IN);\n    open(OUT, \">$file.hard.csv\");\n    print OUT \"$_\\n\" for @hard;\n    close(OUT);\n"
           "    return scalar @hard;\n", orig)
    s.bash("prove -l t/bounce.t", "Run the bounce tests", out="t/bounce.t .. ok\nAll tests successful.\nResult: PASS")
    s.say("`parse_spool` now writes the hard-bounce recipients to `<spool>.hard.csv`, one per line. Tests pass.", end=True)
    s.prompt(H8L12_CORR, correction=True, think_secs=(20, 60))
    s.edit(path, "    open(IN, $file) || die;\n    my @hard;\n    while (<IN>) {\n",
           "    open(my $in, '<', $file) or die \"open $file: $!\";\n    my @hard;\n    while (<$in>) {\n", BOUNCE_PL)
    s.bash("sed -i -e 's/    close(IN);/    close($in);/' -e \"s/    open(OUT, \\\">\\$file.hard.csv\\\");/    open(my \\$out, '>', "
           "\\\"\\$file.hard.csv\\\") or die \\\"open \\$file.hard.csv: \\$!\\\";/\" -e 's/print OUT/print {$out}/' -e "
           "'s/close(OUT)/close($out)/' lib/Mailroom/Bounce.pm && perlcritic -3 lib/ bin/ && prove -l t/",
           "Lexical handles everywhere, perlcritic, tests",
           out="lib/Mailroom/Bounce.pm source OK\nt/bounce.t .. ok\nAll tests successful.\nResult: PASS")
    s.say("Both opens in `parse_spool` are 3-argument with lexical handles and an error that names the file. perlcritic -3 "
          "is clean and the tests pass.", end=True)
    return s
