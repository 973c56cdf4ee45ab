"""gen-holdout-21: everyday actions no lesson covers; every one should stay silent."""
from registry import unrelated

KIDS = "/Users/ben/dev/LittleReaders-android"
INN = "/home/elena/src/innkeeper"
BEACON = "/home/mikko/fw/beacon-fw"
TERMS = "/home/tova/src/payterms-hs"
SMS = "/home/ade/src/notify-gateway"
JUCE = "/Users/sam/dev/TapeWarmth"
OT2 = "/home/tomas/lab/ot2-protocols"
PRICING = "/Users/tom/dev/pricing-service"
EXT = "/Users/jo/dev/tabtidy"
PAYROLL = "/home/jakob/src/payroll-exports"

unrelated(KIDS, "pre_tool", "Bash", {"command": "git diff --stat", "description": "What changed"}, "git diff")
unrelated(INN, "pre_tool", "Read", {"file_path": f"{INN}/README.md"}, "read README")
unrelated(BEACON, "pre_tool", "Bash", {"command": "cargo test --lib", "description": "Unit tests"}, "cargo test")
unrelated(TERMS, "prompt", None, "what's the difference between SupplierTerms and PaymentSchedule, do we need both?",
          "question")
unrelated(SMS, "pre_tool", "Bash", {"command": "pytest -q tests/test_webhooks.py", "description": "Webhook tests"},
          "pytest")
unrelated(JUCE, "pre_tool", "Grep", {"pattern": "class \\w+Editor\\b", "path": f"{JUCE}/Source", "output_mode": "content"},
          "grep")
unrelated(OT2, "pre_tool", "Glob", {"pattern": "labware/*.json"}, "glob")
unrelated(PRICING, "pre_tool", "Bash", {"command": "git log --oneline -8", "description": "Recent commits"}, "git log")
unrelated(EXT, "pre_tool", "Edit", {"file_path": f"{EXT}/README.md",
                                    "old_string": "Run `npm run dev` and load `dist/` as an unpacked extention.\n",
                                    "new_string": "Run `npm run dev` and load `dist/` as an unpacked extension.\n",
                                    "replace_all": False}, "README typo fix")
unrelated(PAYROLL, "prompt", None, "great, that's everything for today, thanks", "closing remark")
