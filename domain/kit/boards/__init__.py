"""Boards a game is played on: continuous inches (`inches`), squares (`square`) and hexes (`hex`).

Each module is pure and deterministic, so a replayed mission measures the same everywhere.
`paths` holds the one cheapest-route search the two grids share.
"""
