"""Storage: the vault's files (paths, lock, atomic writes), notes and their frontmatter, the index,
the change journal, git, note templates, and text from them made safe to print (`printable`). Knows no feature: layers above call down, never the reverse."""
