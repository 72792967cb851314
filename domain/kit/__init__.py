"""What two or more game systems share, written and tested once: boards today."""
