"""What two or more game systems share: boards, decks, dice pools, pending choices, content loading."""
