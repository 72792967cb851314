"""The litestar app, the ledger application service and the `skirmish` command."""
