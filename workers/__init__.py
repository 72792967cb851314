"""Redis Streams consumers: the outbox relay and the job workers."""
