"""The `skirmish` command: serve, worker, verify, import, rebuild, status."""
