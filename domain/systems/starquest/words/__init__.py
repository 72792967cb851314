"""Star Quest's message catalogues (en.toml, de.toml), merged over the engine's by the API."""
