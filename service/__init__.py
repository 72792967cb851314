"""The command service: the ledger (load, decide, chain, append), the event store, sealed seeds,
settings, content packs, exports, words, and what each reader may see. The HTTP routes, the CLI
and the workers all use it; it knows nothing of them."""
