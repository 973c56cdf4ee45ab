#!/bin/sh
# memkit-managed-hook: pre-commit (installed by `memkit hooks install --git`; remove with `memkit hooks uninstall --git`)
# When this commit holds traces of the vault below, extract their memory candidates and stage
# them into the same commit. It never blocks a commit: on any memkit failure it prints one
# warning and exits 0. A pre-commit hook that was here before runs first (pre-commit.memkit-chained).
MEMKIT_PYTHON=@PYTHON@
MEMKIT_VAULT_DIR=@VAULT@
MEMKIT_TRACES=@TRACES@

# Once per commit: the pre-commit framework may run this file as its legacy hook while this file
# runs the framework's hook as its chained one.
[ -z "${MEMKIT_HOOK_ACTIVE:-}" ] || exit 0
MEMKIT_HOOK_ACTIVE=1
export MEMKIT_HOOK_ACTIVE

chained="$(dirname "$0")/pre-commit.memkit-chained"
if [ -x "$chained" ]; then
    "$chained" "$@" || exit $?
fi

# Fast exit, before any Python starts: no trace of this vault is in the commit.
staged=$(git diff --cached --name-only --diff-filter=AM -- "$MEMKIT_TRACES" 2>/dev/null) || exit 0
[ -n "$staged" ] || exit 0

if [ ! -x "$MEMKIT_PYTHON" ]; then
    echo "memkit: warning: $MEMKIT_PYTHON is gone, no candidates extracted (reinstall: memkit hooks install --git)" >&2
    exit 0
fi

# git runs hooks with GIT_DIR, GIT_INDEX_FILE… set for this commit; memkit runs git itself, so
# they go, except the index being committed (its own one under `commit -a`), passed by name.
case "${GIT_INDEX_FILE:-}" in
    "") ;;
    /*) MEMKIT_GIT_INDEX_FILE=$GIT_INDEX_FILE; export MEMKIT_GIT_INDEX_FILE ;;
    *) MEMKIT_GIT_INDEX_FILE="$(pwd)/$GIT_INDEX_FILE"; export MEMKIT_GIT_INDEX_FILE ;;
esac
for var in $(env | sed -n 's/^\(GIT_[A-Za-z0-9_]*\)=.*/\1/p'); do
    case "$var" in
        GIT_CONFIG_*|GIT_EXEC_PATH) ;;
        *) unset "$var" ;;
    esac
done

if out=$("$MEMKIT_PYTHON" -m memkit --vault "$MEMKIT_VAULT_DIR" extract --staged --stage 2>&1); then
    [ -z "$out" ] || printf '%s\n' "$out" >&2
else
    echo "memkit: warning: no candidates extracted ($(printf '%s\n' "$out" | tail -n 1)); the commit goes on" >&2
fi
exit 0
