"""Teams: one vault shared through a git remote.

people names the person at this clone; rules and merge merge two versions of a note by rule
(the git merge driver); settle resolves what git leaves for memkit after a merge; sync is the
`memkit sync` verb; driver declares and registers the merge driver.
"""
