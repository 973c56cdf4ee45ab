"""gen-holdout-3: sessions in the same areas with no correction (compliant work, thanks, a near-miss 'no')."""
from cc import Session
from registry import distractor

PANTRY = "/Users/priya/dev/pantry_app"
SF = "/home/dana/src/shopfront"
CFD = "/home/hahmadi/cfd-wing"
CG = "/home/raj/svc/checkout-gateway"


@distractor("H3D01", "flutter-toolchain", "tests through fvm, compliant")
def H3D01():
    s = Session("H3D01", PANTRY, branch="feat/expiry-badges", version="2.1.9", start="2026-01-23T09:30:00")
    s.prompt("items that expire within 3 days should get an orange badge in the pantry list")
    tile = ("    return ListTile(\n      title: Text(item.name),\n      subtitle: Text(item.quantityLabel),\n    );\n")
    s.read(f"{PANTRY}/lib/widgets/pantry_tile.dart", tile, offset=18, limit=4, total=30)
    s.edit(f"{PANTRY}/lib/widgets/pantry_tile.dart", "      subtitle: Text(item.quantityLabel),\n",
           "      subtitle: Text(item.quantityLabel),\n      trailing: item.expiresWithin(const Duration(days: 3))\n"
           "          ? const ExpiryBadge(color: Colors.orange)\n          : null,\n", tile)
    s.bash("fvm flutter test test/widgets/pantry_tile_test.dart", "Run the tile test",
           out="00:03 +5: All tests passed!")
    s.say("Items expiring within three days show an orange `ExpiryBadge`; I added two widget tests for the boundary.", end=True)
    s.prompt("perfect, thanks")
    return s


@distractor("H3D02", "rails-migrations", "concurrent index, compliant")
def H3D02():
    s = Session("H3D02", SF, branch="perf/line-items-sku", version="2.0.76", start="2025-11-24T10:10:00")
    s.prompt("the inventory report filters line_items by sku, add an index for it")
    mig = "db/migrate/20251124101502_add_index_to_line_items_sku.rb"
    s.bash("bin/rails g migration AddIndexToLineItemsSku", "Generate the migration",
           out=f"      invoke  active_record\n      create    {mig}")
    s.write(f"{SF}/{mig}",
            "class AddIndexToLineItemsSku < ActiveRecord::Migration[7.1]\n  disable_ddl_transaction!\n\n  def change\n"
            "    add_index :line_items, :sku, algorithm: :concurrently\n  end\nend\n",
            original="class AddIndexToLineItemsSku < ActiveRecord::Migration[7.1]\n  def change\n  end\nend\n")
    s.bash("bin/rails db:migrate", "Migrate locally",
           out="== 20251124101502 AddIndexToLineItemsSku: migrating ===========================\n"
               "-- add_index(:line_items, :sku, {:algorithm=>:concurrently})\n   -> 0.0087s\n"
               "== 20251124101502 AddIndexToLineItemsSku: migrated (0.0088s) ==================")
    s.say("Added a concurrent index on `line_items.sku` (outside a transaction), migrated locally.", end=True)
    s.prompt("👍")
    return s


@distractor("H3D03", "hpc-cluster", "light plotting on the login node; 'no, that's fine' near-miss")
def H3D03():
    s = Session("H3D03", CFD, branch="main", version="2.0.76", start="2025-11-22T08:40:00")
    s.prompt("job 4815162 finished. plot Cl vs iteration for wing_medium and wing_fine on one figure")
    s.bash("sacct -j 4815162 --format=JobID,State,Elapsed", "Job state",
           out="JobID           State    Elapsed\n------------ ---------- ----------\n4815162       COMPLETED   05:41:09")
    s.bash("python scripts/plot_cl.py cases/wing_medium/postProcessing/forceCoeffs/0/coefficient.dat "
           "cases/wing_fine/postProcessing/forceCoeffs/0/coefficient.dat -o figs/cl_convergence.png",
           "Plot both meshes", out="wrote figs/cl_convergence.png (2 series)")
    s.say("Saved `figs/cl_convergence.png`. Fine and medium converge to Cl 0.612 and 0.618. Should I resubmit the coarse case too, so all three are on the same solver version?", end=True)
    s.prompt("no, that's fine, the coarse one is still valid")
    return s
