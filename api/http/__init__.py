"""The HTTP API (litestar): routes, bodies, errors, live streams."""
