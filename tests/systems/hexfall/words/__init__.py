"""Hexfall's message catalogues."""
