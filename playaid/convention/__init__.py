"""A convention in one command: a plan of tables, the players seated across them.

`names.py` reads a file of player names, `plan.py` reads and checks a plan file,
`build.py` draws every table, seats the players and renders the GM's index; the
`playaid convention` and `playaid pregen --players-file` commands share them.
"""
