"""Game systems: one package each, built on `domain.contract.GameSystem` and the shared kit,
and named in `domain/registry.py`."""
