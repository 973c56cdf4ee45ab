"""Storage: the vault's files (paths, lock, atomic writes), notes and their frontmatter, the index,
the change journal, git and note templates. Knows no feature: layers above call down, never the reverse."""
