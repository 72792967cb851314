"""What people and programs reach: the HTTP API (`api.http`) and the `skirmish` command (`api.cli`)."""
